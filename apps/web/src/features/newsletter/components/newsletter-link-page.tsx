import { PersonalDataMessages, WebRoutes } from '@outils/contracts';
import { LinkActionPage } from '../../../components/layouts/link-action-page';
import { useNewsletterConfirmMutation, useNewsletterUnsubscribeMutation } from '../api/newsletter.api';
import { NEWSLETTER_LINK_FAILED, NewsletterLinkTexts } from '../texts';

type Kind = 'confirm' | 'unsubscribe';

/**
 * `/newsletter/confirmed?id&token` (docs/product/rules.md#R451) and `/newsletter/unsubscribe?id&token`
 * (docs/product/rules.md#R744): the links of the newsletter's mails, no session needed. The page
 * acts when the visitor presses its button, never on load.
 */
export function NewsletterLinkPage({ kind }: { kind: Kind }) {
  const [confirm, confirmState] = useNewsletterConfirmMutation();
  const [unsubscribe, unsubscribeState] = useNewsletterUnsubscribeMutation();
  const texts = NewsletterLinkTexts[kind];
  return (
    <LinkActionPage
      params={['id', 'token'] as const}
      texts={{
        title: texts.title, text: texts.lead, button: texts.action, done: texts.done,
        missing: PersonalDataMessages.newsletterLinkIncomplete, failed: NEWSLETTER_LINK_FAILED,
      }}
      busy={(kind === 'confirm' ? confirmState : unsubscribeState).isLoading}
      act={(link) => (kind === 'confirm' ? confirm(link) : unsubscribe(link))}
      next={{ to: WebRoutes.tools, label: 'Découvrir les outils' }}
    />
  );
}
