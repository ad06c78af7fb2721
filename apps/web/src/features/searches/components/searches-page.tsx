import { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WebRoutes, type SearchRow } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { asApiError } from '../../../lib/api-error';
import { useAdminSearchesQuery } from '../api/searches.api';
import { SearchesTexts as T } from '../texts';
import styles from './searches.module.css';

const number = new Intl.NumberFormat('fr-FR');

function SearchTable({ id, title, intro, rows }: { id: string; title: string; intro?: string; rows: SearchRow[] }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      {rows.length === 0 ? <p>{T.empty}</p> : (
        <table className={styles.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{T.text}</th><th scope="col">{T.count}</th><th scope="col">{T.none}</th>
              <th scope="col">{T.lastResults}</th><th scope="col">{T.openedCol}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.text}>
                <th scope="row">{row.text}</th><td>{number.format(row.searches)}</td><td>{number.format(row.withoutResults)}</td>
                <td>{number.format(row.lastResults)}</td><td>{number.format(row.opened)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /admin/searches (docs/product/rules.md#R972): the period lives in the address (`from`, `to`). */
export function SearchesPage({ exportCsv }: { exportCsv?: (range: { from: string; to: string }) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const { data, isLoading, error } = useAdminSearchesQuery({ from, to });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['from', 'to']) {
      const value = String(form.get(key) ?? '');
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const failure = error ? asApiError(error) : null;
  return (
    <div className={styles.page}>
      <title>{`${T.title} — Outils`}</title>
      <p><Link to={WebRoutes.admin}><span aria-hidden="true">← </span>{T.back}</Link></p>
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      <form className={`${styles.card} ${styles.fields}`} onSubmit={submit} aria-label={T.filters} key={`${data?.from}-${data?.to}`}>
        <label className={styles.field}>{T.from}<input type="date" name="from" defaultValue={data?.from ?? from} /></label>
        <label className={styles.field}>{T.to}<input type="date" name="to" defaultValue={data?.to ?? to} /></label>
        <Button type="submit" variant="secondary">{T.apply}</Button>
      </form>
      {failure ? (
        <MessageBox tone="error">{failure.message ?? (failure.errors && !Array.isArray(failure.errors) && !('detail' in failure.errors) ? Object.values(failure.errors).flat() : T.loadFailed)}</MessageBox>
      ) : null}
      {isLoading ? <Spinner /> : data ? (
        <>
          <section className={styles.card} aria-labelledby="searches-totals">
            <h2 id="searches-totals">{T.totals}</h2>
            <dl className={styles.totals}>
              <div><dt>{T.searches}</dt><dd>{number.format(data.totals.searches)}</dd></div>
              <div><dt>{T.withoutResults}</dt><dd>{number.format(data.totals.withoutResults)}</dd></div>
              <div><dt>{T.opened}</dt><dd>{number.format(data.totals.opened)}</dd></div>
            </dl>
          </section>
          <SearchTable id="searches-none" title={T.noneTitle} intro={T.noneIntro} rows={data.withoutResults} />
          <SearchTable id="searches-most" title={T.mostTitle} rows={data.mostSearched} />
          <SearchTable id="searches-unopened" title={T.unopenedTitle} intro={T.unopenedIntro} rows={data.neverOpened} />
          {exportCsv ? (
            <section className={styles.card} aria-labelledby="searches-export">
              <h2 id="searches-export">{T.exportTitle}</h2>
              <p>{T.exportNote}</p>
              {exportCsv({ from: data.from, to: data.to })}
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
