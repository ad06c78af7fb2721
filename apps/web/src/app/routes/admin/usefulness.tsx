import { ExportButton } from '../../../features/admin-insights/components/export-button';
import { UsefulnessAdminPage } from '../../../features/usefulness/components/usefulness-admin-page';
import { UsefulnessTexts } from '../../../features/usefulness/texts';

/** /admin/usefulness (behind the admin guard of the route table, docs/product/rules.md#R964, #R967). */
export default function AdminUsefulnessPage() {
  return <UsefulnessAdminPage exportCsv={({ from, to }) => <ExportButton kind="usefulness" from={from} to={to} label={UsefulnessTexts.exportLabel} />} />;
}
