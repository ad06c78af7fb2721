import { Link, useLocation, useSearchParams } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { useAdminFiltersQuery, useAdminToolQuery } from '../../../features/admin-tools/api/admin-tools.api';
import styles from '../../../features/admin-tools/components/admin-tools.module.css';
import { ToolForm } from '../../../features/admin-tools/components/tool-form';
import { AdminToolTexts } from '../../../features/admin-tools/texts';

/** /admin/tools/new and /admin/tools/edit?id= (behind the admin guard of the route table). */
export default function ToolFormPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const editing = pathname.replace(/\/$/, '').endsWith('/edit');
  const id = params.get('id')?.trim() ?? '';
  const filters = useAdminFiltersQuery();
  const toolQuery = useAdminToolQuery(id, { skip: !editing || !id });
  const tool = toolQuery.data && 'tool' in toolQuery.data ? toolQuery.data.tool : undefined;

  if (filters.error) console.error('Admin: chargement des filtres impossible', filters.error);

  let content;
  if (!editing) content = <ToolForm filters={filters.data} />;
  else if (toolQuery.isLoading) content = <p role="status">Chargement de l’outil…</p>;
  else if (!tool) {
    content = (
      <>
        <MessageBox tone="error">{AdminToolTexts.toolNotFound}</MessageBox>
        <Link to={WebRoutes.admin}>Retour au tableau de bord</Link>
      </>
    );
  } else content = <ToolForm key={tool.id} tool={tool} filters={filters.data} />;

  const title = editing ? (tool ? `Editer ${tool.name}` : 'Editer un outil') : 'Ajouter un outil';
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <title>{`${title} — Outils`}</title>
      <div className={styles.header}>
        <h1>{title}</h1>
      </div>
      <section className={styles.card}>{content}</section>
    </div>
  );
}
