import { FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  AdminDiagnosticQuestion, AdminDiagnosticQuestionnaire, AdminDiagnosticQuestionInput, DiagnosticAdminLimits, DiagnosticWebRoutes, WebRoutes,
} from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import {
  useAdminDeleteQuestionMutation, useAdminOrderQuestionsMutation, useAdminQuestionnaireQuery, useAdminSaveQuestionMutation,
} from '../api/diagnostic.api';
import { AdminDiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

type Notice = { tone: 'success' | 'error'; text: string | string[] };
interface DraftAnswer { key: string; id?: number; text: string; points: string; toolIds: number[]; savedResults: number }
interface Draft { id: number | null; axisId: string; text: string; help: string; multiple: boolean; answers: DraftAnswer[] }

let nextKey = 0;
const newAnswer = (): DraftAnswer => ({ key: `n${nextKey++}`, text: '', points: '0', toolIds: [], savedResults: 0 });
const draftOf = (q: AdminDiagnosticQuestion): Draft => ({
  id: q.id, axisId: String(q.axisId), text: q.text, help: q.help ?? '', multiple: q.multiple,
  answers: q.answers.map((a) => ({ key: `a${a.id}`, id: a.id, text: a.text, points: String(a.points), toolIds: a.toolIds, savedResults: a.savedResults })),
});
const inputOf = (d: Draft): AdminDiagnosticQuestionInput => ({
  axisId: Number(d.axisId), text: d.text, help: d.help.trim() === '' ? null : d.help, multiple: d.multiple,
  answers: d.answers.map((a) => ({ ...(a.id === undefined ? {} : { id: a.id }), text: a.text,
    // An empty field is sent as null, so the API names the mistake instead of reading 0.
    points: (a.points.trim() === '' ? null : Number(a.points)) as number, toolIds: a.toolIds })),
});

/** The API's refusal as lines: a message, or every field message (docs/product/rules.md#R574). */
function errorLines(error: unknown): string[] {
  const e = asApiError(error);
  if (e.message) return [e.message];
  if (e.errors && !Array.isArray(e.errors) && !('detail' in e.errors)) {
    const lines = Object.entries(e.errors).flatMap(([field, messages]) => {
      const answer = /^answers\.(\d+)\./.exec(field);
      return messages.map((m) => (answer ? `${T.answer(Number(answer[1]) + 1)} : ${m}` : m));
    });
    return [...new Set(lines)];
  }
  return [T.failed];
}

/**
 * `/admin/diagnostic` (docs/product/rules.md#R571–R575): the questions in order with 'Monter' and
 * 'Descendre', and a form to add or edit a question, its answers, their points and the tools that
 * answer each one's need. Every outcome is announced in the message region.
 */
export function QuestionnaireEditor() {
  const { data, isLoading, error } = useAdminQuestionnaireQuery();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [save, { isLoading: saving }] = useAdminSaveQuestionMutation();
  const [remove, { isLoading: deleting }] = useAdminDeleteQuestionMutation();
  const [order, { isLoading: ordering }] = useAdminOrderQuestionsMutation();
  const formHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (draft) formHeading.current?.focus();
    // Only when a form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft?.id, draft === null]);

  const move = async (questions: AdminDiagnosticQuestion[], index: number, delta: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    const target = index + delta;
    [ids[index], ids[target]] = [ids[target], ids[index]];
    try {
      await order(ids).unwrap();
      setNotice({ tone: 'success', text: T.moved(questions[index].text, target + 1, ids.length) });
      const atEnd = target === 0 || target === ids.length - 1;
      const focusOn = `${atEnd ? (delta < 0 ? 'descendre' : 'monter') : delta < 0 ? 'monter' : 'descendre'}-${questions[index].id}`;
      requestAnimationFrame(() => document.getElementById(focusOn)?.focus());
    } catch (e) {
      setNotice({ tone: 'error', text: errorLines(e) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    try {
      const reply = await save({ id: draft.id, question: inputOf(draft) }).unwrap();
      setNotice({ tone: 'success', text: reply.message ?? T.saved });
      setDraft(null);
      requestAnimationFrame(() => listHeading.current?.focus());
    } catch (e) {
      setNotice({ tone: 'error', text: errorLines(e) });
    }
  };

  const confirmDelete = async (id: number) => {
    try {
      const reply = await remove(id).unwrap();
      setNotice({ tone: 'success', text: reply.message ?? T.deleted });
      setConfirming(null);
      if (draft?.id === id) setDraft(null);
      requestAnimationFrame(() => listHeading.current?.focus());
    } catch (e) {
      setConfirming(null);
      setNotice({ tone: 'error', text: errorLines(e) });
    }
  };

  return (
    <div className={styles.editor}>
      <title>{`${T.title} — Outils`}</title>
      <p>
        <Link to={WebRoutes.admin}>{T.back}</Link>
      </p>
      <h1>{T.title}</h1>
      <p>{T.intro} <Link to={DiagnosticWebRoutes.diagnostic}>{T.preview}</Link></p>
      <div aria-live="polite" className={styles.notice}>
        {notice ? <MessageBox tone={notice.tone}>{notice.text}</MessageBox> : null}
      </div>
      {isLoading ? <p role="status">{T.loading}</p> : null}
      {error ? <MessageBox tone="error">{T.loadFailed}</MessageBox> : null}
      {data ? (
        <>
          <section aria-labelledby="questions-titre">
            <h2 id="questions-titre" ref={listHeading} tabIndex={-1}>{T.questions(data.questions.length)}</h2>
            <ol className={styles.editorList}>
              {data.questions.map((q, index) => (
                <li key={q.id} className={styles.editorItem}>
                  <p className={styles.editorQuestion}>
                    <strong>{q.text}</strong>
                    <span className={styles.muted}>
                      {' '}— {data.axes.find((a) => a.id === q.axisId)?.name} · {q.multiple ? T.multiple : T.single} · {T.answerCount(q.answers.length)}
                    </span>
                  </p>
                  <div className={styles.editorActions}>
                    <Button id={`monter-${q.id}`} variant="secondary" size="small" disabled={index === 0 || ordering}
                      onClick={() => void move(data.questions, index, -1)} aria-label={`${T.moveUp} « ${q.text} »`}>
                      ↑ {T.moveUp}
                    </Button>
                    <Button id={`descendre-${q.id}`} variant="secondary" size="small" disabled={index === data.questions.length - 1 || ordering}
                      onClick={() => void move(data.questions, index, 1)} aria-label={`${T.moveDown} « ${q.text} »`}>
                      ↓ {T.moveDown}
                    </Button>
                    <Button variant="secondary" size="small" onClick={() => { setNotice(null); setDraft(draftOf(q)); }} aria-label={`${T.edit} « ${q.text} »`}>
                      {T.edit}
                    </Button>
                    {confirming === q.id ? (
                      <>
                        <Button variant="danger" size="small" busy={deleting} onClick={() => void confirmDelete(q.id)} autoFocus>
                          {T.confirmDelete}
                        </Button>
                        <Button variant="ghost" size="small" onClick={() => setConfirming(null)}>{T.cancel}</Button>
                      </>
                    ) : (
                      <Button variant="ghost" size="small" onClick={() => setConfirming(q.id)} aria-label={`${T.delete} « ${q.text} »`}>
                        {T.delete}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ol>
            {draft === null ? (
              <Button onClick={() => { setNotice(null); setDraft({ id: null, axisId: String(data.axes[0]?.id ?? ''), text: '', help: '', multiple: false, answers: [newAnswer(), newAnswer()] }); }}>
                {T.add}
              </Button>
            ) : null}
          </section>
          {draft ? (
            <QuestionForm
              data={data}
              draft={draft}
              busy={saving}
              headingRef={formHeading}
              onChange={setDraft}
              onSubmit={submit}
              onCancel={() => { setDraft(null); requestAnimationFrame(() => listHeading.current?.focus()); }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

interface QuestionFormProps {
  data: AdminDiagnosticQuestionnaire;
  draft: Draft;
  busy: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onChange: (draft: Draft) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

function QuestionForm({ data, draft, busy, headingRef, onChange, onSubmit, onCancel }: QuestionFormProps) {
  const setAnswer = (index: number, patch: Partial<DraftAnswer>) =>
    onChange({ ...draft, answers: draft.answers.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  return (
    <form className={styles.editorForm} onSubmit={onSubmit} aria-labelledby="question-form-titre" noValidate>
      <h2 id="question-form-titre" ref={headingRef} tabIndex={-1}>{draft.id === null ? T.newQuestion : T.editQuestion}</h2>
      <SelectField label={T.axis} value={draft.axisId} required
        options={data.axes.map((a) => ({ value: String(a.id), label: a.name }))}
        onChange={(e) => onChange({ ...draft, axisId: e.target.value })} />
      <TextField label={T.text} value={draft.text} required maxLength={DiagnosticAdminLimits.questionMaxLength}
        onChange={(e) => onChange({ ...draft, text: e.target.value })} />
      <TextAreaField label={T.help} value={draft.help} rows={2} maxLength={DiagnosticAdminLimits.helpMaxLength}
        onChange={(e) => onChange({ ...draft, help: e.target.value })} />
      <CheckboxField label={T.multipleLabel} checked={draft.multiple} onChange={(e) => onChange({ ...draft, multiple: e.target.checked })} />
      <fieldset className={styles.editorAnswers}>
        <legend>{T.answers}</legend>
        <p className={styles.muted}>{T.answersHint}</p>
        <ol>
          {draft.answers.map((answer, index) => (
            <li key={answer.key} className={styles.editorAnswer}>
              <fieldset>
                <legend>{T.answer(index + 1)}</legend>
                <TextField label={T.answerText(index + 1)} value={answer.text} required maxLength={DiagnosticAdminLimits.answerMaxLength}
                  onChange={(e) => setAnswer(index, { text: e.target.value })} />
                <TextField label={T.points(index + 1)} type="number" inputMode="numeric" min={DiagnosticAdminLimits.minPoints}
                  max={DiagnosticAdminLimits.maxPoints} step={1} value={answer.points} required
                  onChange={(e) => setAnswer(index, { points: e.target.value })} />
                <details>
                  <summary>{T.tools(index + 1, answer.toolIds.length)}</summary>
                  <ul className={styles.editorTools}>
                    {data.tools.map((tool) => (
                      <li key={tool.id}>
                        <CheckboxField
                          label={tool.name}
                          checked={answer.toolIds.includes(tool.id)}
                          onChange={(e) => setAnswer(index, { toolIds: e.target.checked ? [...answer.toolIds, tool.id] : answer.toolIds.filter((id) => id !== tool.id) })}
                        />
                      </li>
                    ))}
                  </ul>
                </details>
                {answer.savedResults > 0 ? <p className={styles.muted}>{T.inResults(answer.savedResults)}</p> : null}
                <Button variant="ghost" size="small" disabled={draft.answers.length <= DiagnosticAdminLimits.minAnswers}
                  onClick={() => onChange({ ...draft, answers: draft.answers.filter((_, i) => i !== index) })}>
                  {T.removeAnswer(index + 1)}
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
        <Button variant="secondary" size="small" disabled={draft.answers.length >= DiagnosticAdminLimits.maxAnswers}
          onClick={() => onChange({ ...draft, answers: [...draft.answers, newAnswer()] })}>
          {T.addAnswer}
        </Button>
      </fieldset>
      <div className={styles.editorActions}>
        <Button type="submit" busy={busy}>{T.save}</Button>
        <Button variant="secondary" onClick={onCancel}>{T.cancel}</Button>
      </div>
    </form>
  );
}
