import { Link } from 'react-router';
import { UsefulnessWebRoutes } from '@outils/contracts';
import { useUsefulnessOverviewQuery } from '../api/usefulness.api';
import { UsefulnessTexts as T } from '../texts';
import { AdminPanel } from '../../../components/layouts/admin-panel';
import { UsefulnessToolsTable } from './usefulness-tools-table';

/** The statistics page's 'Utilité et téléchargements' (docs/product/rules.md#R966): most downloaded answered tools first. */
export function UsefulnessBesideDownloads() {
  const { data } = useUsefulnessOverviewQuery();
  if (!data || data.tools.length === 0) return null;
  const rows = [...data.tools].sort((a, b) => b.downloads - a.downloads).slice(0, 20);
  return (
    <AdminPanel id="usefulness-beside" title={T.besideTitle}>
      <p>{T.besideIntro}</p>
      <UsefulnessToolsTable rows={rows} caption={T.besideTitle} withDownloads />
      <p><Link to={UsefulnessWebRoutes.admin}>{T.seeAll}</Link></p>
    </AdminPanel>
  );
}
