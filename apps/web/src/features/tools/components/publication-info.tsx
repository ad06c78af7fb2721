import type { Tool } from '@outils/contracts';
import { Badge } from '../../../components/ui/badge';
import { publicationLabel } from '../utils/publication-label';
import styles from './tools.module.css';

/**
 * The publication label with its 'Nouveau' badge (docs/product/rules.md#R88), counted from the
 * publication date (docs/product/rules.md#R653); the creation date for a tool without one (a draft seen in its preview).
 */
export function PublicationInfo({ tool, now }: { tool: Pick<Tool, 'createdAt' | 'publishedAt'>; now?: Date }) {
  const label = publicationLabel(tool.publishedAt ?? tool.createdAt, now);
  return (
    <p className={styles.published}>
      <time dateTime={label.dateTime}>{label.text}</time>
      {label.isNew ? <Badge tone="new">Nouveau</Badge> : null}
    </p>
  );
}
