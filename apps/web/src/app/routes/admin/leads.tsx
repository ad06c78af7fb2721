import { LeadsPage } from '../../../features/admin-insights/components/leads-page';

/** /admin/leads (behind the admin guard of the route table, docs/product/rules.md#R680). */
export default function AdminLeadsPage() {
  return <LeadsPage />;
}
