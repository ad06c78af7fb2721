import { Link, useSearchParams } from 'react-router';
import { PersonalDataMessages, WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useNewsletterConfirmMutation, useNewsletterUnsubscribeMutation } from '../api/newsletter.api';
import { NEWSLETTER_LINK_FAILED, NewsletterLinkTexts } from '../texts';
import styles from './newsletter.module.css';

type Kind = 'confirm' | 'unsubscribe';

function Outcome({ kind, id, token }: { kind: Kind; id: string; token: string }) {
  const [confirm, confirmState] = useNewsletterConfirmMutation();
  const [unsubscribe, unsubscribeState] = useNewsletterUnsubscribeMutation();
  const { data, error, isLoading, isUninitialized } = kind === 'confirm' ? confirmState : unsubscribeState;
  const texts = NewsletterLinkTexts[kind];
  if (isUninitialized || isLoading) {
    // Nothing happens on load: a mail scanner that opens the link and runs its scripts neither
    // confirms nor unsubscribes anyone (docs/product/rules.md#R744).
    return (
      <>
        <title>{`${texts.title} — Outils`}</title>
        <h1>{texts.title}</h1>
        <p>{texts.lead}</p>
        <Button type="button" busy={isLoading} onClick={() => void (kind === 'confirm' ? confirm({ id, token }) : unsubscribe({ id, token }))}>
          {texts.action}
        </Button>
      </>
    );
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
      <title>{`${texts.done} — Outils`}</title>
      <h1>{texts.done}</h1>
      <MessageBox tone="success">{data.message}</MessageBox>
      <Link to={WebRoutes.tools} className={buttonClassName()}>Découvrir les outils</Link>
    </>
  );
}

/**
 * `/newsletter/confirmed?id&token` (docs/product/rules.md#R451) and `/newsletter/unsubscribe?id&token`
 * (docs/product/rules.md#R744): the links of the newsletter's mails, no session needed. The page
 * acts when the visitor presses its button, never on load.
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
