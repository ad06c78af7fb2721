import { StatsPage } from '../../../features/admin-insights/components/stats-page';
import { PlanAdminStats } from '../../../features/plan-follow-up/components/plan-admin-stats';
import { UsefulnessBesideDownloads } from '../../../features/usefulness/components/usefulness-beside-downloads';

/** /admin/stats (behind the admin guard of the route table, docs/product/rules.md#R675). Its own chunk: the chart library never reaches the public pages. */
export default function AdminStatsPage() {
  return (
    <>
      <StatsPage />
      <UsefulnessBesideDownloads />
      {/* docs/product/rules.md#R983: the followed plans' funnel and median change per axis. */}
      <PlanAdminStats />
    </>
  );
}
