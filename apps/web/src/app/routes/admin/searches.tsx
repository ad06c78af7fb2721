import { ExportButton } from '../../../features/admin-insights/components/export-button';
import { SearchesPage } from '../../../features/searches/components/searches-page';
import { SearchesTexts } from '../../../features/searches/texts';

/** /admin/searches (behind the admin guard of the route table, docs/product/rules.md#R972, #R973). */
export default function AdminSearchesPage() {
  return <SearchesPage exportCsv={({ from, to }) => <ExportButton kind="searches" from={from} to={to} label={SearchesTexts.exportLabel} />} />;
}
