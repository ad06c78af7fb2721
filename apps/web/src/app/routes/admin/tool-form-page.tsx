import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import styles from '../../../features/admin-tools/components/admin-tools.module.css';
import { DocumentCheck } from '../../../features/admin-tools/components/document-check';
import { ToolForm } from '../../../features/admin-tools/components/tool-form';
import { AdminVersions } from '../../../features/admin-tools/versions/admin-versions';
import { AdminA11yTexts, AdminToolTexts } from '../../../features/admin-tools/texts';
import { useToolDownload } from '../../../features/downloads/hooks/use-tool-download';
import { useFiltersQuery, useToolSheetQuery } from '../../../features/tools/api/tools.api';
import { useAppSelector } from '../../../lib/hooks';

const CHECK_POLL_MS = 4000;
const CHECK_WAIT_MS = 120_000;

/**
 * /admin/tools/new and /admin/tools/edit?id= (behind the admin guard of the route table). The
 * form's lists and the edited tool are the catalogue's reads, the tool fetched afresh each time
 * the page opens; its current file downloads as the visitors' does.
 */
export default function ToolFormPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const editing = pathname.replace(/\/$/, '').endsWith('/edit');
  const id = params.get('id')?.trim() ?? '';
  const email = useAppSelector((s) => s.session.email);
  const filters = useFiltersQuery();
  // docs/product/rules.md#R951: while the current file has no check result, the tool is asked again
  // every few seconds (for two minutes after the page opened or the file changed), so that the
  // result shows as soon as the worker stored it.
  const [waiting, setWaiting] = useState(true);
  const toolQuery = useToolSheetQuery(
    { identifier: id, email },
    { skip: !editing || !id, refetchOnMountOrArgChange: true, pollingInterval: waiting ? CHECK_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  const tool = toolQuery.data && 'tool' in toolQuery.data ? toolQuery.data.tool : undefined;
  const checked = !!tool?.accessibility;
  const fileVersion = tool?.download.version;
  useEffect(() => {
    if (checked) return setWaiting(false);
    setWaiting(true);
    const stop = setTimeout(() => setWaiting(false), CHECK_WAIT_MS);
    return () => clearTimeout(stop);
  }, [checked, fileVersion]);
  const [downloadTool] = useToolDownload();

  useEffect(() => {
    if (filters.error) console.error('Admin: chargement des filtres impossible', filters.error);
  }, [filters.error]);

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
  } else content = <ToolForm key={tool.id} tool={tool} filters={filters.data} onDownloadFile={() => downloadTool(tool)} />;

  const title = editing ? (tool ? `Editer ${tool.name}` : 'Editer un outil') : 'Ajouter un outil';
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <title>{`${title} — Outils`}</title>
      <div className={styles.header}>
        <h1>{title}</h1>
      </div>
      <section className={styles.card}>{content}</section>
      {editing && tool ? (
        <section className={styles.card} aria-labelledby="controle-document" aria-live="polite">
          <h2 id="controle-document" className={styles.checkTitle}>{AdminA11yTexts.title}</h2>
          <DocumentCheck tool={tool} long />
        </section>
      ) : null}
      {editing && tool ? <section className={styles.card}><AdminVersions toolId={tool.id} /></section> : null}
    </div>
  );
}
