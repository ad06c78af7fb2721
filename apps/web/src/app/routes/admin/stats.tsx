import { StatsPage } from '../../../features/admin-insights/components/stats-page';
import { UsefulnessBesideDownloads } from '../../../features/usefulness/components/usefulness-beside-downloads';

/** /admin/stats (behind the admin guard of the route table, docs/product/rules.md#R675). Its own chunk: the chart library never reaches the public pages. */
export default function AdminStatsPage() {
  return (
    <>
      <StatsPage />
      <UsefulnessBesideDownloads />
    </>
  );
}
