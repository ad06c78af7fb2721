import { UsefulnessAdminPage } from '../../../features/usefulness/components/usefulness-admin-page';

/** /admin/usefulness (behind the admin guard of the route table, docs/product/rules.md#R964). */
export default function AdminUsefulnessPage() {
  return <UsefulnessAdminPage />;
}
