import { useSiteQuery } from '../api/site.api';
import styles from './tool-licence.module.css';

/**
 * The tools' licence under the sheet's actions (docs/product/rules.md#R990), as the API is
 * configured; nothing until the site's facts are known (the layout reads them on every page).
 */
export function ToolLicence() {
  const { data } = useSiteQuery();
  if (!data?.licence) return null;
  return (
    <p className={styles.licence}>
      Réutilisation libre sous{' '}
      <a href={data.licence.url} rel="license noopener" target="_blank">
        {data.licence.name}
        <span className={styles.hint}> (nouvel onglet)</span>
      </a>
    </p>
  );
}
