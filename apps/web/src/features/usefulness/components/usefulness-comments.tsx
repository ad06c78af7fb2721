import { useState } from 'react';
import type { UsefulnessToolRow } from '@outils/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { asApiError } from '../../../lib/api-error';
import { useSetCommentHiddenMutation, useUsefulnessCommentsQuery } from '../api/usefulness.api';
import { UsefulnessTexts as T } from '../texts';
import styles from './usefulness.module.css';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** The comments, newest first, with 'Masquer' / 'Réafficher' (docs/product/rules.md#R965). */
export function UsefulnessComments({ tools }: { tools: UsefulnessToolRow[] }) {
  const [toolId, setToolId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useUsefulnessCommentsQuery({ toolId, page });
  const [setHidden] = useSetCommentHiddenMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const toggle = async (id: string, hidden: boolean) => {
    try {
      const answer = await setHidden({ id, hidden }).unwrap();
      setResult({ tone: 'success', text: answer.message });
    } catch (e) {
      setResult({ tone: 'error', text: asApiError(e).message ?? T.loadFailed });
    }
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className={styles.card} aria-labelledby="usefulness-comments">
      <h2 id="usefulness-comments">{T.commentsTitle}</h2>
      <div className={styles.toolbar}>
        <label>
          {T.commentsFilter}{' '}
          <select value={toolId ?? ''} onChange={(e) => { setToolId(e.target.value ? Number(e.target.value) : undefined); setPage(1); }}>
            <option value="">{T.allTools}</option>
            {tools.map((tool) => <option key={tool.toolId} value={tool.toolId}>{tool.name}</option>)}
          </select>
        </label>
      </div>
      <div aria-live="polite">{result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}</div>
      {isLoading ? <Spinner /> : isError || !data ? <MessageBox tone="error">{T.loadFailed}</MessageBox> : data.comments.length === 0 ? <p>{T.commentsEmpty}</p> : (
        <>
          <ul className={styles.comments} aria-label={T.commentsTitle}>
            {data.comments.map((c) => (
              <li key={c.id} className={`${styles.comment} ${c.hidden ? styles.hidden : ''}`}>
                <p className={styles.meta}>
                  <strong>{c.toolName}</strong> — {c.useful ? T.yes : T.no} — {c.author === 'member' ? T.member : T.guest} —{' '}
                  {c.excludedReason ? T.excludedReason[c.excludedReason] : T.counted} — <time dateTime={c.at}>{dateFormat.format(new Date(c.at))}</time>
                  {c.hidden ? <> — <em>{T.hiddenBadge}</em></> : null}
                </p>
                <p className={styles.commentText}>{c.comment}</p>
                <Button variant="secondary" size="small" aria-label={c.hidden ? T.restoreLabel(c.toolName) : T.hideLabel(c.toolName)} onClick={() => void toggle(c.id, !c.hidden)}>
                  {c.hidden ? T.restore : T.hide}
                </Button>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <div className={styles.pager}>
              <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{T.previous}</Button>
              <span>{T.pageOf(page, pages)}</span>
              <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{T.next}</Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
