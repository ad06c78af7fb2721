import { SearchesPage } from '../../../features/searches/components/searches-page';

/** /admin/searches (behind the admin guard of the route table, docs/product/rules.md#R972). */
export default function AdminSearchesPage() {
  return <SearchesPage />;
}
