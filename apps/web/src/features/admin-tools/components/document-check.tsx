import type { Tool } from '@outils/contracts';
import { AccessibilityIssues } from '../../../components/accessibility/accessibility-issues';
import { AdminA11yTexts as T } from '../texts';
import styles from './document-check.module.css';

/** What the dashboard's filter keeps (docs/product/rules.md#R951). */
export type DocumentCheckFilter = 'all' | 'failing' | 'accessible' | 'none';

/** docs/product/rules.md#R951: 'accessible' is a document that conforms, its file or its alternative accessible (docs/product/rules.md#R947). */
export const documentCheckOf = (tool: Pick<Tool, 'accessibility' | 'documentAccessible'>): Exclude<DocumentCheckFilter, 'all'> =>
  tool.documentAccessible || tool.accessibility?.outcome === 'accessible' ? 'accessible' : tool.accessibility?.outcome === 'partial' ? 'failing' : 'none';

/**
 * The result of the current file's check for an admin (docs/product/rules.md#R951): « Document
 * accessible », or « À corriger : N points » opening the list (what, where, how to fix), or
 * « Pas de résultat » before the check and for a format that is not checked. `long` on the tool
 * form: the date and what was checked too.
 */
export function DocumentCheck({ tool, long = false }: { tool: Pick<Tool, 'name' | 'accessibility' | 'documentAccessible'>; long?: boolean }) {
  const a11y = tool.accessibility;
  // The dashboard says that an accessible version is offered, and still lists what the file lacks (docs/product/rules.md#R951).
  const offered = !long && tool.documentAccessible === true && a11y?.outcome !== 'accessible'
    ? <span className={styles.accessible}><span aria-hidden="true">✓ </span>{T.alternativeAccessible}</span>
    : null;
  if (!a11y) return offered ?? <span className={styles.none}>{long ? T.noneLong : T.none}</span>;
  const when = long ? <p className={styles.when}>{T.checked(a11y.checked, a11y.checkedAt)}</p> : null;
  if (a11y.outcome === 'accessible') {
    return (
      <>
        <span className={styles.accessible}><span aria-hidden="true">✓ </span>{T.accessible}</span>
        {when}
      </>
    );
  }
  return (
    <>
      {offered}
      <details className={styles.details} open={long}>
        <summary className={styles.failing}>
          {T.toFix(a11y.issues.length)}
          {long ? null : <span className="visually-hidden"> {T.forTool(tool.name)}</span>}
        </summary>
        <AccessibilityIssues issues={a11y.issues} className={styles.issues} />
        {when}
      </details>
    </>
  );
}
