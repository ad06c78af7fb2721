import { FormEvent, useEffect, useRef, useState } from 'react';
import type { DiagnosticQuestionnaire } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { readDraft, writeDraft } from '../storage';
import { DiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

export interface QuestionnaireProps {
  questionnaire: DiagnosticQuestionnaire;
  /** Called with the chosen answer ids, in questionnaire order, when the last question is left. */
  onFinish: (answerIds: number[]) => void;
  busy?: boolean;
}

/**
 * One question per screen (docs/product/rules.md#R550): a progress bar, back, skip and next; a
 * fieldset of native radio buttons or check boxes (arrows, space and Enter work as everywhere).
 * Each new question takes the focus, so that screen readers read it. The answers in progress stay
 * in this browser (docs/product/rules.md#R556) and a reload resumes where the visitor was.
 */
export function Questionnaire({ questionnaire, onFinish, busy }: QuestionnaireProps) {
  const { questions, axes } = questionnaire;
  const [draft, setDraft] = useState(() => {
    const saved = readDraft();
    return saved && saved.index < questions.length ? saved : { index: 0, answers: {} as Record<string, number[]> };
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const question = questions[draft.index];
  const chosen = question ? draft.answers[question.id] ?? [] : [];
  const axis = axes.find((a) => a.id === question?.axisId);
  const last = draft.index === questions.length - 1;

  useEffect(() => {
    writeDraft(draft);
  }, [draft]);
  useEffect(() => {
    // Not on the first screen: the page's title is read first there.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [draft.index]);

  if (!question) return null;

  const choose = (answerId: number, checked: boolean) => {
    const next = question.multiple ? (checked ? [...chosen, answerId] : chosen.filter((id) => id !== answerId)) : [answerId];
    setDraft({ ...draft, answers: { ...draft.answers, [question.id]: next } });
  };
  const go = (index: number) => setDraft({ ...draft, index });
  const finish = (answers: Record<string, number[]>) => {
    const ids = questions.flatMap((q) => answers[q.id] ?? []);
    onFinish(ids);
  };
  const next = (skip: boolean) => {
    const answers = skip ? { ...draft.answers, [question.id]: [] } : draft.answers;
    // A finished diagnostic is no draft: the page forgets it, and nothing here writes it back
    // (it was then offered as 'Reprendre où je m’étais arrêté', docs/product/rules.md#R733).
    if (last) finish(answers);
    else setDraft({ index: draft.index + 1, answers });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    next(false);
  };

  return (
    <form className={styles.question} onSubmit={submit} aria-labelledby="diagnostic-question">
      <div className={styles.progress}>
        <p id="diagnostic-progress">{T.progress(draft.index + 1, questions.length)}{axis ? ` · ${axis.name}` : ''}</p>
        <progress max={questions.length} value={draft.index + 1} aria-labelledby="diagnostic-progress" />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <h2 id="diagnostic-question" ref={heading} tabIndex={-1}>{question.text}</h2>
        </legend>
        <p className={styles.hint}>{question.help ?? (question.multiple ? T.chooseMany : T.chooseOne)}</p>
        <ul className={styles.answers}>
          {question.answers.map((answer) => (
            <li key={answer.id}>
              <label className={styles.answer}>
                <input
                  type={question.multiple ? 'checkbox' : 'radio'}
                  name={`question-${question.id}`}
                  value={answer.id}
                  checked={chosen.includes(answer.id)}
                  onChange={(e) => choose(answer.id, e.target.checked)}
                />
                <span>{answer.text}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className={styles.nav}>
        <Button variant="ghost" onClick={() => go(draft.index - 1)} disabled={draft.index === 0}>{T.previous}</Button>
        <Button variant="secondary" onClick={() => next(true)} disabled={busy}>{T.skip}</Button>
        <Button type="submit" disabled={chosen.length === 0 || busy} busy={busy}>{last ? T.finish : T.next}</Button>
      </div>
    </form>
  );
}
