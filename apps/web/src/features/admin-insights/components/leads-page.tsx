import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { addDays, NEWSLETTER_SOURCE_LABELS, NEWSLETTER_STATUS_LABELS, parisDay, WebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { useAdminLeadsQuery } from '../api/admin-insights.api';
import { frenchMoment } from '../format';
import { problemText } from '../problem';
import { InsightsTexts as T } from '../texts';
import { ExportButton } from './export-button';
import styles from './insights.module.css';

const label = (labels: Record<string, string>, code: string) => labels[code] ?? code;

/**
 * /admin/leads (docs/product/rules.md#R680): newsletter addresses and download e-mails, searchable,
 * by pages; laid out like the other admin pages, French words and dates (docs/product/rules.md#R743,
 * #R745, #R748).
 */
export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error } = useAdminLeadsQuery({ q: q || undefined, page });
  // Paris days, as the export reads them (docs/product/rules.md#R677): after 23:00 UTC in winter, today in Paris is tomorrow in UTC.
  const [range, setRange] = useState(() => ({ from: addDays(parisDay(), -30), to: parisDay() }));

  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const query = next.q ?? q;
    if (query) search.set('q', query);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: (event.currentTarget.elements.namedItem('q') as HTMLInputElement).value.trim(), page: 1 });
  };

  return (
    <div className={styles.page}>
      <title>{`${T.leadsTitle} — Outils`}</title>
      <p className={styles.back}><Link to={WebRoutes.admin}><span aria-hidden="true">← </span>{T.back}</Link></p>
      <div className={styles.header}>
        <h1>{T.leadsTitle}</h1>
        {data ? <p className={styles.count} role="status">{T.leadsCount(data.total)}</p> : null}
      </div>
      <form role="search" className={styles.card} onSubmit={search}>
        <div className={styles.searchRow}>
          <TextField label={T.leadsSearch} type="search" name="q" defaultValue={q} maxLength={100} />
          <div className={styles.fieldsAction}><Button type="submit">{T.leadsSearchButton}</Button></div>
        </div>
      </form>
      {error ? <MessageBox tone="error">{problemText(error, T.loadFailed)}</MessageBox> : null}
      {!data && !error ? <p role="status">{T.loading}</p> : null}
      {data ? (
        <section className={styles.card} aria-label={T.leadsTitle}>
          {data.leads.length === 0 ? <p className={styles.empty}>{T.noLeads}</p> : (
            <div className={styles.tableWrap}>
              <table className={`${styles.table} ${styles.stacked}`}>
                <caption>{T.leadsTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.email}</th><th scope="col">{T.source}</th><th scope="col">{T.status}</th>
                    <th scope="col">{T.consentAt}</th><th scope="col" className={styles.num}>{T.downloads}</th><th scope="col">{T.lastDownload}</th><th scope="col">{T.firstSeen}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.leads.map((lead) => (
                    <tr key={lead.email}>
                      <th scope="row">{lead.email}</th>
                      <td data-label={T.source}>{lead.newsletterSource ? label(NEWSLETTER_SOURCE_LABELS, lead.newsletterSource) : T.downloadOnly}</td>
                      <td data-label={T.status}>{lead.newsletterStatus ? label(NEWSLETTER_STATUS_LABELS, lead.newsletterStatus) : '—'}</td>
                      <td data-label={T.consentAt}>{frenchMoment(lead.consentAt)}</td>
                      <td data-label={T.downloads} className={styles.num}>{lead.downloads}</td>
                      <td data-label={T.lastDownload}>{frenchMoment(lead.lastDownloadAt)}</td>
                      <td data-label={T.firstSeen}>{frenchMoment(lead.firstSeenAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav aria-label="Pages des contacts" className={styles.pager}>
            <Button type="button" variant="secondary" size="small" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>{T.previousPage}</Button>
            <span>{T.pageOf(data.page, data.lastPage)}</span>
            <Button type="button" variant="secondary" size="small" disabled={page >= data.lastPage} onClick={() => go({ page: page + 1 })}>{T.nextPage}</Button>
          </nav>
        </section>
      ) : null}
      <section aria-labelledby="leads-export" className={styles.card}>
        <h2 id="leads-export">{T.exportTitle}</h2>
        <p className={styles.note}>{T.exportLeadsNote}</p>
        <div className={styles.fields}>
          <TextField label={T.from} type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
          <TextField label={T.to} type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
          <div className={styles.fieldsAction}><ExportButton kind="leads" from={range.from} to={range.to} label={T.exportLeads} /></div>
        </div>
      </section>
    </div>
  );
}
