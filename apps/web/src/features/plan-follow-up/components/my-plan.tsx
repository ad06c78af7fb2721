import { useState } from 'react';
import { Link } from 'react-router';
import { DiagnosticWebRoutes, PLAN_STEP_ANSWERS, PlanStep, PlanStepAnswer, PlanStepAnswerLabels, WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { asApiError } from '../../../lib/api-error';
import { useAnswerStepMutation, useMyPlanQuery } from '../api/plan-follow-up.api';
import { PlanTexts as T } from '../texts';
import { PlanChanges } from './plan-changes';
import styles from './plan-follow-up.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/** One step: its tool and three radio buttons, in a fieldset named by the step (docs/product/rules.md#R977). */
function StepChoice({ step, n, chosen, onAnswer }: { step: PlanStep; n: number; chosen: PlanStepAnswer | null; onAnswer: (a: PlanStepAnswer) => void }) {
  const name = `plan-step-${step.tool.id}`;
  return (
    <li className={styles.step}>
      {/* Never disabled while saving: the focus stays on the chosen radio button. */}
      <fieldset>
        <legend>{T.stepLegend(n, step.tool.name)}</legend>
        <Link to={WebRoutes.toolBySlug(step.tool.slug)} aria-label={T.openSheet(step.tool.name)}>{T.openSheet(step.tool.name)}</Link>
        <div className={styles.choices}>
          {PLAN_STEP_ANSWERS.map((answer) => (
            <label key={answer} className={styles.choice}>
              <input type="radio" name={name} value={answer} checked={chosen === answer} onChange={() => onAnswer(answer)} />
              {PlanStepAnswerLabels[answer]}
            </label>
          ))}
        </div>
      </fieldset>
    </li>
  );
}

/** 'Mon plan' (docs/product/rules.md#R977–R981): the steps and their answers, the weeks, and the measure once the diagnostic is retaken. */
export function MyPlan({ email }: { email: string | null }) {
  const { data, isLoading } = useMyPlanQuery(email);
  const [answer] = useAnswerStepMutation();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The choice shows at once; the plan read again after the answer confirms it (or, on failure, the former one comes back).
  const [chosen, setChosen] = useState<Record<number, PlanStepAnswer>>({});
  if (isLoading) return <Spinner label={T.loading} />;
  if (!data) return <MessageBox tone="error">{T.failed}</MessageBox>;
  const plan = data.plan;
  if (!plan) {
    return (
      <>
        <p>{T.none}</p>
        <Link to={DiagnosticWebRoutes.diagnostic} className={buttonClassName('primary')}>{T.takeDiagnostic}</Link>
      </>
    );
  }
  const choose = async (toolId: number, value: PlanStepAnswer) => {
    setChosen((current) => ({ ...current, [toolId]: value }));
    const reply = await answer({ toolId, answer: value });
    if (!('data' in reply && reply.data)) {
      setChosen((current) => Object.fromEntries(Object.entries(current).filter(([id]) => Number(id) !== toolId)));
    }
    setMessage('data' in reply && reply.data
      ? { tone: 'success', text: reply.data.message ?? '' }
      : { tone: 'error', text: asApiError(reply.error).message ?? T.actionFailed });
  };
  return (
    <>
      <p className={styles.meta}>
        {T.startedOn(day(plan.startedAt))} · {plan.status === 'active' ? T.week(plan.week) : T.finished}
      </p>
      <p className={styles.meta}>{plan.mails ? T.mailsOn : T.mailsOff}</p>
      {plan.status === 'finished' ? (
        <p><Link to={DiagnosticWebRoutes.diagnostic} className={buttonClassName('primary')}>{T.retake}</Link></p>
      ) : null}
      {plan.changes && plan.retakenAt ? <PlanChanges changes={plan.changes} retakenAt={plan.retakenAt} /> : null}
      <h2>{T.stepsTitle}</h2>
      <div aria-live="polite">{message ? <MessageBox tone={message.tone}>{message.text}</MessageBox> : null}</div>
      <ol className={styles.steps}>
        {plan.steps.map((step, i) => (
          <StepChoice key={step.tool.id} step={step} n={i + 1} chosen={chosen[step.tool.id] ?? step.answer}
            onAnswer={(value) => void choose(step.tool.id, value)} />
        ))}
      </ol>
    </>
  );
}
