import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DiagnosticWebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { useQuestionnaireQuery, useSaveResultMutation } from '../../../features/diagnostic/api/diagnostic.api';
import { Questionnaire } from '../../../features/diagnostic/components/questionnaire';
import { readDraft, writeDraft, writePending } from '../../../features/diagnostic/storage';
import { DiagnosticTexts as T } from '../../../features/diagnostic/texts';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';

/**
 * /diagnostic (docs/product/rules.md#R550): an introduction, then one question per screen. A
 * member's result is saved at the end (#R555); a guest's answers wait in this browser for an
 * account (#R556). Both land on the shareable result page.
 */
export default function DiagnosticPage() {
  const { data, isLoading, isError } = useQuestionnaireQuery();
  const connected = useAppSelector(selectIsConnected);
  const [save, { isLoading: saving }] = useSaveResultMutation();
  const navigate = useNavigate();
  const [started, setStarted] = useState(false);
  const [hasDraft] = useState(() => (readDraft()?.index ?? 0) > 0);
  const [failed, setFailed] = useState(false);

  const finish = async (answerIds: number[]) => {
    if (answerIds.length === 0) {
      setFailed(true);
      return;
    }
    if (connected) {
      try {
        await save(answerIds).unwrap();
      } catch {
        setFailed(true);
        return;
      }
    } else writePending(answerIds);
    writeDraft(null);
    navigate(DiagnosticWebRoutes.result(answerIds));
  };

  return (
    <ContentPage title={T.title} description={T.intro} intro={<p>{T.intro}</p>}>
      {isLoading ? <Spinner label="Chargement du questionnaire…" /> : null}
      {isError ? <MessageBox tone="error"><p>Le questionnaire n’a pas pu être chargé. Rechargez la page.</p></MessageBox> : null}
      {failed ? <MessageBox tone="error"><p>Répondez à au moins une question pour obtenir votre résultat.</p></MessageBox> : null}
      {data && !started ? (
        <div>
          {!connected ? <p>{T.guestNote}</p> : null}
          <p>
            <Button onClick={() => setStarted(true)}>{hasDraft ? T.resume : T.start}</Button>{' '}
            {hasDraft ? (
              <Button variant="ghost" onClick={() => { writeDraft(null); setStarted(true); }}>{T.restart}</Button>
            ) : null}
          </p>
        </div>
      ) : null}
      {data && started ? <Questionnaire questionnaire={data} onFinish={finish} busy={saving} /> : null}
    </ContentPage>
  );
}
