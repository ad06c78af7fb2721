import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { addDays, parisDay, WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { useUsefulnessOverviewQuery } from '../api/usefulness.api';
import { UsefulnessTexts as T } from '../texts';
import { UsefulnessComments } from './usefulness-comments';
import { UsefulnessToolsTable } from './usefulness-tools-table';
import styles from './usefulness.module.css';

/** The longest range an export takes (731 days, docs/product/rules.md#R677), ending today. */
function lastTwoYears(now = new Date()): { from: string; to: string } {
  const to = parisDay(now);
  return { from: addDays(to, -730), to };
}

/** /admin/usefulness: 'À améliorer', every answered tool, the comments (docs/product/rules.md#R964, #R965). */
export function UsefulnessAdminPage({ exportCsv }: { exportCsv?: (range: { from: string; to: string }) => ReactNode }) {
  const { data, isLoading, isError } = useUsefulnessOverviewQuery();
  return (
    <div className={styles.page}>
      <title>{`${T.adminTitle} — Outils`}</title>
      <p><Link to={WebRoutes.admin}><span aria-hidden="true">← </span>{T.back}</Link></p>
      <h1>{T.adminTitle}</h1>
      <p>{T.adminIntro}</p>
      {isLoading ? <Spinner /> : isError || !data ? <MessageBox tone="error">{T.loadFailed}</MessageBox> : (
        <>
          <section className={styles.card} aria-labelledby="usefulness-improve">
            <h2 id="usefulness-improve">{T.toImproveTitle}</h2>
            {data.toImprove.length === 0 ? <p>{T.toImproveEmpty}</p> : <UsefulnessToolsTable rows={data.toImprove} caption={T.toImproveTitle} />}
          </section>
          <section className={styles.card} aria-labelledby="usefulness-tools">
            <h2 id="usefulness-tools">{T.toolsTitle}</h2>
            {data.tools.length === 0 ? <p>{T.toolsEmpty}</p> : <UsefulnessToolsTable rows={data.tools} caption={T.toolsTitle} />}
          </section>
          <UsefulnessComments tools={data.tools} />
          {exportCsv ? (
            <section className={styles.card} aria-labelledby="usefulness-export">
              <h2 id="usefulness-export">{T.exportTitle}</h2>
              <p>{T.exportNote}</p>
              {exportCsv(lastTwoYears())}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
