import { Badge } from '../../../components/ui/badge';
import { publicationLabel } from '../utils/publication-label';
import styles from './tools.module.css';

/** The publication label with its 'Nouveau' badge (docs/product/rules.md#R88). */
export function PublicationInfo({ createdAt, now }: { createdAt: string; now?: Date }) {
  const label = publicationLabel(createdAt, now);
  return (
    <p className={styles.published}>
      <time dateTime={label.dateTime}>{label.text}</time>
      {label.isNew ? <Badge tone="new">Nouveau</Badge> : null}
    </p>
  );
}
