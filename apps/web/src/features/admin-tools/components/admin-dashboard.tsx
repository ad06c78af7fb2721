import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DiagnosticAdminWebRoutes, InsightsWebRoutes, SearchesWebRoutes, Tool, UsefulnessWebRoutes, WebPagePaths, WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useAdminToolDeleteMutation, useAdminToolsQuery } from '../api/admin-tools.api';
import { AdminToolsTable } from './admin-tools-table';
import { AdminToolsSort, AdminToolsToolbar, searchAndSort } from './admin-tools-toolbar';
import { DeleteToolDialog } from './delete-tool-dialog';
import type { DocumentCheckFilter } from './document-check';
import { QueuesLinkButton } from './queues-link-button';
import styles from './admin-tools.module.css';

/** The admin delete failure text (docs/product/rules.md#R750). */
export const DELETE_FAILED = 'Une erreur est survenue lors de la suppression.';

/** The admin dashboard (docs/product/rules.md#R122). Load errors are only logged (#R152). */
export function AdminDashboard() {
  const { data, isLoading, error } = useAdminToolsQuery();
  const [remove, { isLoading: deleting }] = useAdminToolDeleteMutation();
  const [pending, setPending] = useState<Tool | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string | string[] } | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminToolsSort>('catalogue');
  const [documents, setDocuments] = useState<DocumentCheckFilter>('all');
  const shown = data ? searchAndSort(data.tools, search, sort, documents) : [];
  const searching = search.trim() !== '' || documents !== 'all';
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (error) console.error('Admin: chargement de la liste des outils impossible', error);
  }, [error]);

  /** Back to the row's delete button, or to the heading when the row is gone. */
  const restoreFocus = (rowGone: boolean) =>
    setTimeout(() => (rowGone || !opener.current?.isConnected ? heading.current : opener.current)?.focus(), 0);

  const confirm = async () => {
    if (!pending) return;
    const tool = pending;
    try {
      const reply = await remove(tool.id).unwrap();
      if (reply.status !== 'deleted') throw reply;
      setResult({ tone: 'success', text: `L’outil « ${tool.name} » a été supprimé.` });
      setPending(null);
      restoreFocus(true);
    } catch (e) {
      const message = asApiError(e).message;
      setResult({ tone: 'error', text: message ? [DELETE_FAILED, message] : DELETE_FAILED });
      setPending(null);
      restoreFocus(false);
    }
  };

  return (
    <div className={styles.page}>
      <title>Admin Dashboard — Outils</title>
      <div className={styles.header}>
        <h1 ref={heading} tabIndex={-1}>
          Admin Dashboard
        </h1>
        <div className={styles.headerActions}>
          <QueuesLinkButton onFailed={(text) => setResult({ tone: 'error', text })} />
          <Link to={DiagnosticAdminWebRoutes.editor} className={buttonClassName('secondary')}>
            Autodiagnostic
          </Link>
          <Link to={InsightsWebRoutes.stats} className={buttonClassName('secondary')}>
            Statistiques
          </Link>
          <Link to={InsightsWebRoutes.leads} className={buttonClassName('secondary')}>
            Contacts
          </Link>
          <Link to={WebPagePaths.adminPartners} className={buttonClassName('secondary')}>
            Partenaires
          </Link>
          <Link to={UsefulnessWebRoutes.admin} className={buttonClassName('secondary')}>
            Utilité des outils
          </Link>
          <Link to={SearchesWebRoutes.admin} className={buttonClassName('secondary')}>
            Recherches
          </Link>
          <Link to={WebRoutes.adminToolNew} className={buttonClassName()}>
            Créer un outil
          </Link>
        </div>
      </div>
      {result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}
      <section className={styles.card} aria-label="Outils du catalogue">
        {isLoading ? (
          <p role="status">Chargement des outils…</p>
        ) : data?.tools.length ? (
          <>
            <AdminToolsToolbar search={search} sort={sort} documents={documents} onSearch={setSearch} onSort={setSort} onDocuments={setDocuments} />
            <p className={styles.found} role="status">
              {searching ? (shown.length === 0 ? (search.trim() ? `Aucun outil ne correspond à « ${search.trim()} ».` : 'Aucun outil ne correspond.') : `${shown.length} outil${shown.length > 1 ? 's' : ''} sur ${data.tools.length}`) : ''}
            </p>
            {shown.length ? (
              <AdminToolsTable
                tools={shown}
                total={searching ? null : data.tools.length}
                origin={window.location.origin}
                onDelete={(tool, button) => {
                  opener.current = button;
                  setResult(null);
                  setPending(tool);
                }}
              />
            ) : null}
          </>
        ) : (
          <p className={styles.empty}>Aucun outil pour le moment.</p>
        )}
      </section>
      <DeleteToolDialog
        tool={pending}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setPending(null);
          restoreFocus(false);
        }}
      />
    </div>
  );
}
