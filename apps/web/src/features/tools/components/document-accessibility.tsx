import { Link } from 'react-router';
import { type Tool, WebRoutes } from '@outils/contracts';
import { AccessibilityTexts as T } from '../texts';
import styles from './document-accessibility.module.css';

/**
 * The sheet's word on the file's accessibility (docs/product/rules.md#R938): « Document accessible »
 * when every applicable criterion passed, else a disclosure « Accessibilité du document : partielle
 * — voir le détail » listing, in plain French, what fails, where and how to fix it. Nothing before
 * the check, nor for a format nothing is checked in.
 */
export function DocumentAccessibility({ accessibility }: { accessibility: Tool['accessibility'] }) {
  if (!accessibility) return null;
  const checked = <p className={styles.note}>{T.checked(accessibility.checked, accessibility.checkedAt)} <Link to={WebRoutes.accessibility}>{T.statement}</Link></p>;
  if (accessibility.outcome === 'accessible') {
    return (
      <section className={styles.box} aria-label={T.accessible}>
        <p className={styles.accessible}><span aria-hidden="true" className={styles.mark}>✓</span>{T.accessible}</p>
        {checked}
      </section>
    );
  }
  return (
    <details className={styles.box}>
      <summary className={styles.partial}>{T.partial}</summary>
      <p className={styles.count}>{T.toFix(accessibility.issues.length)}</p>
      <ul className={styles.issues}>
        {accessibility.issues.map((issue) => (
          <li key={issue.label}>
            <strong>{issue.label}</strong>
            {issue.where.length ? <span className={styles.line}>{T.where} {issue.where.join(' ; ')}</span> : null}
            <span className={styles.line}>{T.howTo} {issue.fix}</span>
            <span className={styles.ref}>{T.reference} {issue.reference}</span>
          </li>
        ))}
      </ul>
      {checked}
    </details>
  );
}

/** The card's small badge (docs/product/rules.md#R938): only for a document that passed its check. */
export function AccessibleBadge({ accessibility }: { accessibility: Tool['accessibility'] }) {
  return accessibility?.outcome === 'accessible' ? (
    <span className={styles.badge}>
      <span className="visually-hidden">{T.cardBadgeContext}</span>
      {T.cardBadge}
    </span>
  ) : null;
}
