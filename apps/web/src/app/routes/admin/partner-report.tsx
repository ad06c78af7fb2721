import { useParams } from 'react-router';
import { PartnerReportPage } from '../../../features/partners/components/partner-report-page';

/** /admin/partners/:id/rapport (behind the admin guard of the route table, docs/product/rules.md#R1000). */
export default function AdminPartnerReportPage() {
  const { id = '' } = useParams();
  return <PartnerReportPage partnerId={id} />;
}
