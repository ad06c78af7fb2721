import { QuestionnaireEditor } from '../../../features/diagnostic/components/questionnaire-editor';

/** /admin/diagnostic (behind the admin guard of the route table, docs/product/rules.md#R575). */
export default function AdminDiagnosticPage() {
  return <QuestionnaireEditor />;
}
