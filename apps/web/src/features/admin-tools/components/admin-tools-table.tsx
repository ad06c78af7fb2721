import { Link } from 'react-router';
import { InsightsWebRoutes, publicationStatus, Tool, WebRoutes } from '@outils/contracts';
import { Badge } from '../../../components/ui/badge';
import { publicationBadgeText } from '../utils/publication';
import { CopyLinkButton } from './copy-link-button';
import { DocumentCheck } from './document-check';
import { DeleteIcon, EditIcon } from './icons';
import styles from './admin-tools.module.css';

const count = new Intl.NumberFormat('fr-FR');
/** The table's text columns, in order; the download count, right-aligned, comes last. */
const COLUMNS = ['N°', 'Outil', 'Publication', 'Document', 'Lien', 'Modifier', 'Supprimer'] as const;

export interface AdminToolsTableProps {
  tools: Tool[];
  /** How many tools the catalogue holds when `tools` is all of them; null for a search's result (no total row then). */
  total?: number | null;
  /** Site origin for the copied links (docs/product/rules.md#R123: origin + /toolspage/{slug}). */
  origin: string;
  onDelete: (tool: Tool, opener: HTMLButtonElement) => void;
}

/** The dashboard table (docs/product/rules.md#R122): number, name, publication (#R655), document check (#R951), copy link, edit, delete, total downloads. */
export function AdminToolsTable({ tools, total: catalogueSize = tools.length, origin, onDelete }: AdminToolsTableProps) {
  const total = tools.reduce((sum, tool) => sum + (tool.downloadCount ?? 0), 0);
  /** « 1 téléchargement », « 3 téléchargements » (docs/product/rules.md#R748). */
  const downloads = (n: number) => `${count.format(n)} ${n === 1 ? 'téléchargement' : 'téléchargements'}`;
  return (
    <div className={styles.tableWrap}>
      {/* Explicit roles: narrow screens lay the rows out as cards, which can drop table semantics. */}
      <table className={styles.table} role="table">
        <caption>
          {catalogueSize === null ? `Outils trouvés : ${tools.length}` : `${catalogueSize} outil${catalogueSize > 1 ? 's' : ''} au catalogue`}
        </caption>
        <thead>
          <tr role="row">
            {COLUMNS.map((name) => (
              <th key={name} scope="col" role="columnheader">
                {name}
              </th>
            ))}
            <th scope="col" role="columnheader" className={styles.num}>
              Téléchargements
            </th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool, index) => (
            <tr key={tool.id} role="row">
              <td role="cell" className={styles.rowNumber}>
                {index + 1}
              </td>
              <th scope="row" role="rowheader" className={styles.name}>
                <Link to={WebRoutes.toolBySlug(tool.slug)}>{tool.name}</Link>
              </th>
              <td role="cell" className={styles.cellPublication}>
                {/* docs/product/rules.md#R655: every tool's publication, at a glance. */}
                <Badge tone={publicationStatus(tool.publishedAt) === 'published' ? 'neutral' : 'soon'}>{publicationBadgeText(tool.publishedAt)}</Badge>
              </td>
              <td role="cell" className={styles.cellDocument}>
                {/* docs/product/rules.md#R951: the check of the tool's current file. */}
                <DocumentCheck tool={tool} />
              </td>
              <td role="cell" className={styles.cellCopy}>
                <CopyLinkButton url={`${origin}${WebRoutes.toolBySlug(tool.slug)}`} toolName={tool.name} />
              </td>
              <td role="cell" className={styles.cellEdit}>
                <Link to={WebRoutes.adminToolEdit(tool.id)} className={styles.iconButton} aria-label={`Modifier ${tool.name}`} title="Modifier">
                  <EditIcon />
                </Link>
              </td>
              <td role="cell" className={styles.cellDelete}>
                <button
                  type="button"
                  className={`${styles.iconButton} ${styles.danger}`}
                  aria-label={`Supprimer ${tool.name}`}
                  title="Supprimer"
                  onClick={(event) => onDelete(tool, event.currentTarget)}
                >
                  <DeleteIcon />
                </button>
              </td>
              <td role="cell" className={`${styles.num} ${styles.cellDownloads}`}>
                {/* docs/product/rules.md#R678: the count opens the tool's curve. */}
                {/* On a phone the column's name is hidden: the word, singular or plural, follows the figure (CSS). */}
                <Link
                  to={InsightsWebRoutes.toolStats(tool.id)}
                  aria-label={`${downloads(tool.downloadCount ?? 0)} : voir la courbe de ${tool.name}`}
                  data-unit={(tool.downloadCount ?? 0) === 1 ? 'téléchargement' : 'téléchargements'}
                >
                  {count.format(tool.downloadCount ?? 0)}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
        {tools.length > 1 && catalogueSize !== null ? (
          <tfoot>
            <tr role="row">
              <th scope="row" role="rowheader" colSpan={7}>
                Total des téléchargements
              </th>
              <td role="cell" className={styles.num}>
                {count.format(total)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
