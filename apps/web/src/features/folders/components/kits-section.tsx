import { Link } from 'react-router';
import { FolderWebRoutes } from '@outils/contracts';
import { useKitsQuery } from '../api/folders.api';
import { FolderTexts } from '../texts';
import styles from './folders.module.css';

/** 'Kits prêts à l’emploi' (docs/product/rules.md#R723): nothing at all while there is no kit. */
export function KitsSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { data } = useKitsQuery();
  const kits = data?.kits ?? [];
  if (kits.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  const Item = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <section className={styles.kits} aria-labelledby="kits-titre">
      <Heading id="kits-titre">{FolderTexts.kitsTitle}</Heading>
      <p>{FolderTexts.kitsIntro}</p>
      <ul className={styles.kitList}>
        {kits.map((kit) => (
          <li key={kit.shareToken} className={styles.kit}>
            <Item><Link to={FolderWebRoutes.shared(kit.shareToken)}>{kit.name}</Link></Item>
            {kit.description ? <p>{kit.description}</p> : null}
            <p className={styles.meta}>{FolderTexts.toolCount(kit.toolCount)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
