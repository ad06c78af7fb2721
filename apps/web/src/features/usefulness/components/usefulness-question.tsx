import { FormEvent, RefObject, useEffect, useId, useRef, useState } from 'react';
import type { UsefulnessMine } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { downloadProofOf } from '../../../lib/download-proofs';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { useAnswerUsefulnessMutation, useUsefulnessQuery } from '../api/usefulness.api';
import { guestAnswer, rememberGuestAnswer, visitorKey } from '../guest-answers';
import { UsefulnessTexts as T } from '../texts';
import styles from './usefulness.module.css';

export interface UsefulnessQuestionProps {
  toolId: number;
  /** The small form of 'Mes téléchargements': no figure, the question as a paragraph. */
  compact?: boolean;
}

/**
 * « Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R960–R963): 'Oui' / 'Non' saved at once,
 * then an optional comment read by the team; the sheet's figure from 10 counted answers.
 */
export function UsefulnessQuestion({ toolId, compact }: UsefulnessQuestionProps) {
  const connected = useAppSelector(selectIsConnected);
  // The figure is not kept in a cached page, so the browser reads it: for a guest once the question
  // comes near the screen, not while a sheet rendered by the server is taken over (nothing is asked
  // while it loads, docs/product/rules.md#R861); a member's page, rendered here, asks at once.
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearScreen(sectionRef, connected);
  const { data } = useUsefulnessQuery(toolId, { skip: !near });
  const [send, { isLoading }] = useAnswerUsefulnessMutation();
  const [guestMine, setGuestMine] = useState<UsefulnessMine | null>(null);
  const [editing, setEditing] = useState(false);
  const [justAnswered, setJustAnswered] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const firstChoiceRef = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes after the next render: the comment after an answer, 'Oui' after 'Modifier ma réponse'.
  const [focusNext, setFocusNext] = useState<'comment' | 'choices' | null>(null);

  // Local storage is read after the first paint, so a page rendered by the server is taken over as it is.
  useEffect(() => {
    if (!connected) setGuestMine(guestAnswer(toolId));
  }, [connected, toolId]);

  // The answer just given shows at once, before the figure is read again.
  const [answered, setAnswered] = useState<UsefulnessMine | null>(null);
  const mine = answered ?? (connected ? data?.mine ?? null : guestMine);
  useEffect(() => {
    const target = focusNext === 'comment' ? commentRef.current : focusNext === 'choices' ? firstChoiceRef.current : null;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  });
  useEffect(() => {
    setComment(mine?.comment ?? '');
  }, [mine?.comment]);

  const submit = async (useful: boolean, withComment?: string) => {
    setError(null);
    try {
      const answer = await send({
        toolId,
        useful,
        ...(withComment === undefined ? {} : { comment: withComment }),
        ...(connected ? {} : { visitorKey: visitorKey(), downloadProof: downloadProofOf(toolId) }),
      }).unwrap();
      if (!connected) rememberGuestAnswer(toolId, answer.mine);
      setAnswered(answer.mine);
      setEditing(false);
      setJustAnswered(answer.message);
      return true;
    } catch (e) {
      setError(asApiError(e).message ?? T.failed);
      return false;
    }
  };

  const choose = async (useful: boolean) => {
    if (await submit(useful)) setFocusNext('comment');
  };

  const onComment = (event: FormEvent) => {
    event.preventDefault();
    if (mine) void submit(mine.useful, comment);
  };

  const Question = compact ? 'p' : 'h2';
  const asking = !mine || editing;
  return (
    <section ref={sectionRef} className={`${styles.box} ${compact ? styles.compact : ''}`} aria-labelledby={`${id}-q`}>
      <Question id={`${id}-q`} className={styles.question}>{T.question}</Question>
      {!compact && data?.shown ? <p className={styles.figure}>{T.shown(data.shown.usefulPercent, data.shown.answers)}</p> : null}
      {asking ? (
        <div className={styles.choices} role="group" aria-labelledby={`${id}-q`}>
          <Button ref={firstChoiceRef} variant="secondary" size="small" busy={isLoading} onClick={() => void choose(true)} aria-pressed={mine ? mine.useful : undefined}>{T.yes}</Button>
          <Button variant="secondary" size="small" busy={isLoading} onClick={() => void choose(false)} aria-pressed={mine ? !mine.useful : undefined}>{T.no}</Button>
        </div>
      ) : (
        <div className={styles.answered}>
          <span>{T.yourAnswer(mine.useful)}</span>
          <Button variant="ghost" size="small" onClick={() => { setEditing(true); setJustAnswered(null); setFocusNext('choices'); }}>{T.change}</Button>
        </div>
      )}
      {justAnswered ? <MessageBox tone="success">{justAnswered}</MessageBox> : null}
      {error ? <MessageBox tone="error">{error}</MessageBox> : null}
      {mine && !editing ? (
        <form onSubmit={onComment} noValidate>
          <div>
            <label htmlFor={`${id}-c`} className={styles.question}>{T.commentLabel}</label>
            <p id={`${id}-n`} className={styles.notice}>{T.commentNotice}</p>
            <textarea
              id={`${id}-c`}
              ref={commentRef}
              className={styles.textarea}
              value={comment}
              maxLength={500}
              rows={compact ? 2 : 3}
              aria-describedby={`${id}-n ${id}-k`}
              onChange={(e) => setComment(e.target.value)}
            />
            <p id={`${id}-k`} className={styles.count}>{T.commentCount(comment.length)}</p>
          </div>
          <Button type="submit" size="small" busy={isLoading}>{T.sendComment}</Button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * Whether `ref`'s element is, or has been, within 200 pixels of the visible part of the page: a
 * screen ahead would still read it while a desktop loads a sheet (at once when `now`, or where the
 * browser cannot tell).
 */
function useNearScreen(ref: RefObject<HTMLElement | null>, now: boolean) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near) return;
    if (now || !element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setNear(true);
    }, { rootMargin: '0px 0px 200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, now]);
  return near;
}
