import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { ExportMyData } from '../../../features/my-data/components/export-my-data';
import { MyDownloads } from '../../../features/my-data/components/my-downloads';
import styles from '../../../features/my-data/components/my-data.module.css';
import { MyDataTexts } from '../../../features/my-data/texts';
import { ToolDownloadButton } from '../../components/tool-download-button';
import { NewVersions } from '../../../features/update-alerts/components/new-versions';
import { UpdateAlertTexts } from '../../../features/update-alerts/texts';
import { UsefulnessQuestion } from '../../../features/usefulness/components/usefulness-question';

/** /profile/downloads: 'Mes téléchargements' and 'Télécharger mes données' (docs/product/rules.md#R470, #R968), behind the login guard. */
export default function MyDownloadsPage() {
  return (
    <div className={styles.page}>
      <title>{`${MyDataTexts.downloadsTitle} — Outils`}</title>
      <h1>{MyDataTexts.downloadsTitle}</h1>
      <p>{MyDataTexts.downloadsIntro}</p>
      <p className={styles.meta}>
        {MyDataTexts.downloadsRetention} <Link to={WebRoutes.privacy}>Politique de confidentialité</Link>
      </p>
      <NewVersions download={(item) => <ToolDownloadButton tool={item.tool} label={UpdateAlertTexts.downloadLabel(item.version)} />} />
      <MyDownloads downloadAgain={(tool) => <><ToolDownloadButton tool={tool} variant="secondary" label="Télécharger à nouveau" /><UsefulnessQuestion toolId={tool.id} compact /></>} />
      <ExportMyData />
    </div>
  );
}
