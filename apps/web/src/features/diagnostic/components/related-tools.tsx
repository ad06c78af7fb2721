import type { ReactNode } from 'react';
import type { Tool } from '@outils/contracts';
import { useAppSelector } from '../../../lib/hooks';
import { useRelatedQuery } from '../api/diagnostic.api';
import { DiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

export interface RelatedToolsProps {
  toolId: number;
  /** A tool's card, composed by the page. */
  renderTool: (tool: Tool) => ReactNode;
}

/**
 * "Ces outils vont bien ensemble" on a sheet (docs/product/rules.md#R565): up to four tools, as
 * computed in the background; nothing at all while there are none.
 */
export function RelatedTools({ toolId, renderTool }: RelatedToolsProps) {
  const email = useAppSelector((s) => s.session.email);
  const { data } = useRelatedQuery({ toolId, email });
  if (!data || data.tools.length === 0) return null;
  return (
    <section aria-labelledby="outils-associes" className={styles.related}>
      <h2 id="outils-associes">{T.relatedTitle}</h2>
      <ul className={styles.relatedGrid}>
        {data.tools.map(({ tool, reason }) => (
          <li key={tool.id}>
            <p className={styles.reason}>{reason === 'co-download' ? T.relatedCoDownload : T.relatedSimilar}</p>
            {renderTool(tool)}
          </li>
        ))}
      </ul>
    </section>
  );
}
