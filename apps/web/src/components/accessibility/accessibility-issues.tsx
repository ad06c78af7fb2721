import type { AccessibilityIssue } from '@outils/contracts';
import styles from './accessibility-issues.module.css';

/** The labels of each failed criterion, the same for visitors and admins. */
export const IssueTexts = { where: 'Où :', howTo: 'Comment corriger :', reference: 'Référence :' } as const;

/**
 * The failed criteria of a document's check, in plain French: what fails, 'Où :', 'Comment
 * corriger :' and 'Référence :' (docs/product/rules.md#R949, docs/product/rules.md#R951). One list
 * for the visitor's sheet and the admin's dashboard and form; `className` sets where it sits.
 */
export function AccessibilityIssues({ issues, className }: { issues: AccessibilityIssue[]; className?: string }) {
  return (
    <ul className={className ? `${styles.issues} ${className}` : styles.issues}>
      {issues.map((issue) => (
        <li key={issue.label}>
          <strong>{issue.label}</strong>
          {issue.where.length ? <span>{IssueTexts.where} {issue.where.join(' ; ')}</span> : null}
          <span>{IssueTexts.howTo} {issue.fix}</span>
          <span className={styles.ref}>{IssueTexts.reference} {issue.reference}</span>
        </li>
      ))}
    </ul>
  );
}
