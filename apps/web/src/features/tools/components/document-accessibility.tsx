import { Link } from 'react-router';
import { type Tool, WebRoutes } from '@outils/contracts';
import { AccessibilityIssues } from '../../../components/accessibility/accessibility-issues';
import { AccessibilityTexts as T } from '../texts';
import styles from './document-accessibility.module.css';

/**
 * The sheet's word on the file's accessibility (docs/product/rules.md#R949): « Document accessible »
 * when every applicable criterion passed, else a disclosure « Accessibilité du document : partielle
 * — voir le détail » listing, in plain French, what fails, where and how to fix it. Nothing before
 * the check, nor for a format nothing is checked in.
 */
export function DocumentAccessibility({ accessibility, of = 'file' }: { accessibility: Tool['accessibility']; of?: 'file' | 'alternative' }) {
  if (!accessibility) return null;
  // docs/product/rules.md#R949: the alternative's verdict says whose it is, so that the file's is never taken for it.
  const accessibleText = of === 'alternative' ? T.alternativeAccessible : T.accessible;
  const partialText = of === 'alternative' ? T.alternativePartial : T.partial;
  const checked = <p className={styles.note}>{T.checked(accessibility.checked, accessibility.checkedAt)} <Link to={WebRoutes.accessibility}>{T.statement}</Link></p>;
  if (accessibility.outcome === 'accessible') {
    return (
      <section className={styles.box} aria-label={accessibleText}>
        <p className={styles.accessible}><span aria-hidden="true" className={styles.mark}>✓</span>{accessibleText}</p>
        {checked}
      </section>
    );
  }
  return (
    <details className={styles.box}>
      <summary className={styles.partial}>{partialText}</summary>
      <p className={styles.count}>{T.toFix(accessibility.issues.length)}</p>
      <AccessibilityIssues issues={accessibility.issues} />
      {checked}
    </details>
  );
}

/**
 * The card's small badge (docs/product/rules.md#R949): only for a document that conforms, its file
 * or its declared alternative accessible (RGAA 13.3, docs/product/rules.md#R947).
 */
export function AccessibleBadge({ tool }: { tool: Pick<Tool, 'accessibility' | 'documentAccessible'> }) {
  // An answer from before the alternative counted carries no `documentAccessible`: the file's check decides.
  const conforms = tool.documentAccessible ?? tool.accessibility?.outcome === 'accessible';
  return conforms ? (
    <span className={styles.badge}>
      <span className="visually-hidden">{T.cardBadgeContext}</span>
      {T.cardBadge}
    </span>
  ) : null;
}
