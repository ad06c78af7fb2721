import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DiagnosticWebRoutes, Tool, WebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { useEvaluateQuery } from '../../../features/diagnostic/api/diagnostic.api';
import { PriorityPlan } from '../../../features/diagnostic/components/priority-plan';
import { ScoreChart } from '../../../features/diagnostic/components/score-chart';
import { parseAnswersParam } from '../../../features/diagnostic/storage';
import { DiagnosticTexts as T } from '../../../features/diagnostic/texts';
import { AddToFolderMenu } from '../../../features/folders/components/add-to-folder-menu';
import { FollowPlanButton } from '../../../features/plan-follow-up/components/follow-plan-button';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { ToolDownloadButton } from '../../components/tool-download-button';
import styles from './diagnostic-pages.module.css';

/** One tool of the plan: its sheet, why, download and 'Ajouter à un dossier'. */
function PlanTool({ tool, reason }: { tool: Tool; reason: string }) {
  return (
    <div className={styles.planTool}>
      <div>
        <Link to={WebRoutes.toolBySlug(tool.slug)} className={styles.toolName}>{tool.name}</Link>
        <p className={styles.reason}>{reason}</p>
      </div>
      <div className={styles.toolActions}>
        <ToolDownloadButton tool={tool} />
        <AddToFolderMenu tool={tool} />
      </div>
    </div>
  );
}

/**
 * /diagnostic/resultat?reponses=… (docs/product/rules.md#R557): the result of the answers in the
 * link — what the overall score means, scores per axis (text and bars), the plan of priorities —
 * shareable and printable.
 */
export default function DiagnosticResultPage() {
  const [params] = useSearchParams();
  const answerIds = parseAnswersParam(params);
  const email = useAppSelector((s) => s.session.email);
  const connected = useAppSelector(selectIsConnected);
  const { data, isLoading, isError } = useEvaluateQuery({ answerIds, email }, { skip: answerIds.length === 0 });
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const result = data?.result;
  return (
    <ContentPage title={T.resultTitle} documentTitle={`${T.resultTitle} — ${T.title} — Outils`} description={T.intro}
      intro={result && result.overall !== null ? (
        <>
          <p className={styles.overall}>{T.overall(result.overall)}</p>
          {/* docs/product/rules.md#R735: what the score means. */}
          <p>{T.overallMeaning(result.overall)}</p>
        </>
      ) : undefined}>
      {answerIds.length === 0 || isError ? (
        <MessageBox tone="warning">
          <p>{answerIds.length === 0 ? T.invalidLink : T.failed}</p>
          <Link to={DiagnosticWebRoutes.diagnostic}>{T.takeDiagnostic}</Link>
        </MessageBox>
      ) : null}
      {isLoading ? <Spinner label="Calcul de votre résultat…" /> : null}
      {result ? (
        <div className={styles.result}>
          <div className={`${styles.actions} ${styles.noPrint}`}>
            <Button variant="secondary" onClick={() => window.print()}>{T.print}</Button>
            <Button variant="secondary" onClick={copy}>{T.copyLink}</Button>
            <Link to={DiagnosticWebRoutes.diagnostic} className={buttonClassName('ghost')}>{T.retake}</Link>
            {/* In the buttons' row: empty, it takes no line of the page. */}
            <p aria-live="polite" className={styles.copied}>{copied ? T.copied : ''}</p>
          </div>
          <section aria-labelledby="diagnostic-scores">
            <h2 id="diagnostic-scores">{T.scoresTitle}</h2>
            <p>{T.scoresKey}</p>
            <ScoreChart scores={result.scores} />
          </section>
          {/* The priorities are written once, in the plan (docs/product/rules.md#R735). */}
          <PriorityPlan priorities={result.priorities} renderTool={(tool, reason) => <PlanTool tool={tool} reason={reason} />} />
          {/* docs/product/rules.md#R976: follow this plan, week by week. */}
          {result.priorities.some((p) => p.tools.length > 0) ? (
            <div className={styles.noPrint}><FollowPlanButton connected={connected} email={email} answerIds={result.answerIds} /></div>
          ) : null}
          <div className={styles.noPrint}>
            {connected ? (
              <p><Link to={DiagnosticWebRoutes.history}>{T.history}</Link></p>
            ) : (
              <MessageBox tone="warning">
                <p>{T.saveGuest}</p>
                <Link to={WebRoutes.signup} className={buttonClassName('primary')}>{T.signup}</Link>
              </MessageBox>
            )}
          </div>
        </div>
      ) : null}
    </ContentPage>
  );
}
