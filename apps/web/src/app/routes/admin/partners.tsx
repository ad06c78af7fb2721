import { PartnersPage } from '../../../features/partners/components/partners-page';

/** /admin/partners (behind the admin guard of the route table, docs/product/rules.md#R993). */
export default function AdminPartnersPage() {
  return <PartnersPage />;
}
