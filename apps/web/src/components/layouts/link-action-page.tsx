import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { asApiError } from '../../lib/api-error';
import { Button, buttonClassName } from '../ui/button';
import { MessageBox } from '../ui/message-box';
import styles from './link-action-page.module.css';

export interface LinkActionTexts {
  title: string;
  /** What pressing the button will do. */
  text: string;
  button: string;
  /** The address lacks one of its signed parameters. */
  missing: string;
  /** The API gave no message of its own. */
  failed: string;
  /** The page's title once the link has acted (else `title`). */
  done?: string;
}

type Reply = { data: { message: string } } | { error: unknown };

/**
 * The page a mail's signed link opens (the newsletter's confirmation and unsubscribe, unsubscribe
 * from update alerts, a followed plan or a partner's report): it acts at its button only, never on
 * load, so that a mail scanner that opens the link changes nothing (docs/product/rules.md#R744,
 * #R915, #R979, #R1002).
 */
export function LinkActionPage<K extends string>({ params, texts, busy, act, next }: {
  /** The link's query parameters, all required. */
  params: readonly K[];
  texts: LinkActionTexts;
  busy: boolean;
  act: (link: Record<K, string>) => PromiseLike<Reply>;
  /** Where to go on once the link has acted. */
  next?: { to: string; label: string };
}) {
  const [search] = useSearchParams();
  const link = Object.fromEntries(params.map((name) => [name, search.get(name) ?? ''])) as Record<K, string>;
  const complete = params.every((name) => link[name] !== '');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const go = async () => {
    const reply = await act(link);
    setOutcome('data' in reply && reply.data
      ? { tone: 'success', text: reply.data.message }
      : { tone: 'error', text: asApiError('error' in reply ? reply.error : undefined).message ?? texts.failed });
  };
  const title = outcome?.tone === 'success' && texts.done ? texts.done : texts.title;
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <title>{`${title} — Outils`}</title>
        <h1>{title}</h1>
        {!complete ? (
          <MessageBox tone="error">{texts.missing}</MessageBox>
        ) : outcome ? (
          <>
            <div role="status"><MessageBox tone={outcome.tone}>{outcome.text}</MessageBox></div>
            {outcome.tone === 'success' && next ? <Link to={next.to} className={buttonClassName()}>{next.label}</Link> : null}
          </>
        ) : (
          <>
            <p>{texts.text}</p>
            <Button busy={busy} onClick={() => void go()}>{texts.button}</Button>
          </>
        )}
      </section>
    </div>
  );
}
