import { AdminDashboard } from '../../../features/admin-tools/components/admin-dashboard';

/** /admin (behind the admin guard of the route table). */
export default function AdminDashboardPage() {
  return <AdminDashboard />;
}
