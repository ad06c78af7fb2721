import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { useAdminLeadsQuery } from '../api/admin-insights.api';
import { problemText } from '../problem';
import { InsightsTexts as T } from '../texts';
import { ExportButton } from './export-button';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/** /admin/leads (docs/product/rules.md#R680): newsletter addresses and download e-mails, searchable, by pages. */
export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error } = useAdminLeadsQuery({ q: q || undefined, page });
  const [range, setRange] = useState({ from: monthAgo(), to: today() });

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
    <div>
      <title>{`${T.leadsTitle} — Outils`}</title>
      <p><Link to={WebRoutes.admin}>{T.back}</Link></p>
      <h1>{T.leadsTitle}</h1>
      <form role="search" onSubmit={search}>
        <label>{T.leadsSearch} <input type="search" name="q" defaultValue={q} maxLength={100} /></label>{' '}
        <Button type="submit">{T.leadsSearchButton}</Button>
      </form>
      {error ? <MessageBox tone="error">{problemText(error, T.loadFailed)}</MessageBox> : null}
      {!data && !error ? <p role="status">{T.loading}</p> : null}
      {data ? (
        <>
          <p role="status">{T.leadsCount(data.total)}</p>
          {data.leads.length === 0 ? <p>{T.noLeads}</p> : (
            <table>
              <caption>{T.leadsTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.email}</th><th scope="col">{T.source}</th><th scope="col">{T.status}</th>
                  <th scope="col">{T.consentAt}</th><th scope="col">{T.downloads}</th><th scope="col">{T.lastDownload}</th><th scope="col">{T.firstSeen}</th>
                </tr>
              </thead>
              <tbody>
                {data.leads.map((lead) => (
                  <tr key={lead.email}>
                    <th scope="row">{lead.email}</th>
                    <td>{lead.newsletterSource ? T.sources[lead.newsletterSource] ?? lead.newsletterSource : T.downloadOnly}</td>
                    <td>{lead.newsletterStatus ? T.statuses[lead.newsletterStatus] : '—'}</td>
                    <td>{day(lead.consentAt)}</td>
                    <td>{lead.downloads}</td>
                    <td>{day(lead.lastDownloadAt)}</td>
                    <td>{day(lead.firstSeenAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <nav aria-label="Pages des contacts">
            <Button type="button" variant="ghost" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>{T.previousPage}</Button>{' '}
            <span>{T.pageOf(data.page, data.lastPage)}</span>{' '}
            <Button type="button" variant="ghost" disabled={page >= data.lastPage} onClick={() => go({ page: page + 1 })}>{T.nextPage}</Button>
          </nav>
        </>
      ) : null}
      <section aria-labelledby="leads-export">
        <h2 id="leads-export">{T.exportTitle}</h2>
        <label>{T.from} <input type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} /></label>{' '}
        <label>{T.to} <input type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} /></label>
        <ExportButton kind="leads" from={range.from} to={range.to} label={T.exportLeads} />
      </section>
    </div>
  );
}
