import { Link } from 'react-router';
import { DiagnosticWebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useHistoryQuery } from '../../../features/diagnostic/api/diagnostic.api';
import { DiagnosticTexts as T } from '../../../features/diagnostic/texts';
import { useAppSelector } from '../../../lib/hooks';
import styles from './diagnostic-pages.module.css';

/** /diagnostic/historique (docs/product/rules.md#R555): the member's results, newest first, with their progress. */
export default function DiagnosticHistoryPage() {
  const email = useAppSelector((s) => s.session.email);
  const { data, isLoading } = useHistoryQuery(email);
  const results = data?.results ?? [];
  return (
    <ContentPage title={T.historyTitle} description={T.intro}>
      {isLoading ? <Spinner label="Chargement de vos diagnostics…" /> : null}
      {data && results.length === 0 ? <p>{T.historyEmpty}</p> : null}
      <ol className={styles.history}>
        {results.map((r, i) => {
          const previous = results[i + 1];
          return (
            <li key={r.id} className={styles.historyItem}>
              <h2>{T.historyDate(r.createdAt)}</h2>
              <p>
                {r.overall === null ? null : <strong>{T.overall(r.overall)}</strong>}
                {previous && previous.overall !== null && r.overall !== null ? ` · ${T.progressSince(r.overall - previous.overall)}` : null}
              </p>
              <ul>{r.scores.map((s) => <li key={s.key}>{T.axisScore(s.name, s.score)}</li>)}</ul>
              <Link to={DiagnosticWebRoutes.result(r.answerIds)}>{T.seeResult}<span className="visually-hidden"> ({T.historyDate(r.createdAt)})</span></Link>
            </li>
          );
        })}
      </ol>
      <p><Link to={DiagnosticWebRoutes.diagnostic} className={buttonClassName('primary')}>{T.retake}</Link></p>
    </ContentPage>
  );
}
