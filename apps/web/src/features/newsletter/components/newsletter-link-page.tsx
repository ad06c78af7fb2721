import { Link, useSearchParams } from 'react-router';
import { PersonalDataMessages, WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useNewsletterConfirmQuery, useNewsletterUnsubscribeQuery } from '../api/newsletter.api';
import { NEWSLETTER_LINK_FAILED } from '../texts';
import styles from './newsletter.module.css';

type Kind = 'confirm' | 'unsubscribe';

const TITLES: Record<Kind, { busy: string; done: string }> = {
  confirm: { busy: 'Confirmation de votre inscription…', done: 'Inscription confirmée' },
  unsubscribe: { busy: 'Désinscription en cours…', done: 'Désinscription confirmée' },
};

function Outcome({ kind, id, token }: { kind: Kind; id: string; token: string }) {
  const confirm = useNewsletterConfirmQuery({ id, token }, { skip: kind !== 'confirm' });
  const unsubscribe = useNewsletterUnsubscribeQuery({ id, token }, { skip: kind !== 'unsubscribe' });
  const { data, error, isLoading } = kind === 'confirm' ? confirm : unsubscribe;
  if (isLoading) {
    return <p role="status" aria-live="polite">{TITLES[kind].busy}</p>;
  }
  if (error || !data) {
    return (
      <>
        <title>Oups, il y a eu un souci — Outils</title>
        <h1>Oups, il y a eu un souci</h1>
        <MessageBox tone="error">{asApiError(error).message ?? NEWSLETTER_LINK_FAILED}</MessageBox>
      </>
    );
  }
  return (
    <>
      <title>{`${TITLES[kind].done} — Outils`}</title>
      <h1>{TITLES[kind].done}</h1>
      <MessageBox tone="success">{data.message}</MessageBox>
      <Link to={WebRoutes.tools} className={buttonClassName()}>Découvrir les outils</Link>
    </>
  );
}

/**
 * `/newsletter/confirmed?id&token` (docs/product/rules.md#R451) and `/newsletter/unsubscribe?id&token`
 * (docs/product/rules.md#R455): the links of the newsletter's mails, no session needed. The
 * unsubscription is done at once, as the mail promised: one click.
 */
export function NewsletterLinkPage({ kind }: { kind: Kind }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {id && token ? (
          <Outcome kind={kind} id={id} token={token} />
        ) : (
          <>
            <title>Oups, il y a eu un souci — Outils</title>
            <h1>Oups, il y a eu un souci</h1>
            <MessageBox tone="error">{PersonalDataMessages.newsletterLinkIncomplete}</MessageBox>
          </>
        )}
      </section>
    </div>
  );
}
