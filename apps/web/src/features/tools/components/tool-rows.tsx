import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { useToolsQuery } from '../api/tools.api';
import { SearchTexts } from '../texts';
import styles from './tool-rows.module.css';

const ROW_SIZE = 4;
// The same arguments as the listing's first page (accessibleOnly included), so that they share one answer.
const BASE = { page: 1, categories: [], types: [], difficulties: [], accessibleOnly: false, onlyFavorites: false, q: '' };
const POPULAR = { ...BASE, sort: 'popular' as const };
/** The two listings the rows read (the server reads them before it renders, app/page-data.ts). */
export const TOOL_ROWS_LISTINGS = [POPULAR, BASE] as const;

/**
 * 'Les plus téléchargés' and 'Nouveautés' (docs/product/rules.md#R721): two short rows on the
 * listing's first page when no filter or search is active, each a link to the tool's sheet;
 * after the results, under the side menu on a wide screen.
 */
export function ToolRows() {
  const popular = useToolsQuery(POPULAR);
  // The listing's own first page (same arguments: one request for both).
  const newest = useToolsQuery(BASE);
  const rows = [
    { id: 'plus-telecharges', title: SearchTexts.mostDownloaded, tools: popular.data?.tools.slice(0, ROW_SIZE) ?? [] },
    { id: 'nouveautes', title: SearchTexts.newest, tools: newest.data?.tools.slice(0, ROW_SIZE) ?? [] },
  ].filter((row) => row.tools.length > 0);
  if (!rows.length) return null;
  return (
    <div className={styles.rows}>
      {rows.map((row) => (
        <section key={row.id} className={styles.row} aria-labelledby={`rang-${row.id}`}>
          <h2 id={`rang-${row.id}`}>{row.title}</h2>
          <ol>
            {row.tools.map((tool) => (
              <li key={tool.id}>
                <Link to={WebRoutes.toolBySlug(tool.slug)}>{tool.name}</Link>
                <span className={styles.meta}>{tool.category.name} · {tool.type.name}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
