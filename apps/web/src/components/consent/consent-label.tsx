import { Link } from 'react-router';
import { NEWSLETTER_CONSENT_TEXTS, NewsletterConsentSource, WebRoutes } from '@outils/contracts';

const PRIVACY_WORDS = 'politique de confidentialité';

/**
 * The consent text of a newsletter box, word for word as the API records it with the consent
 * (docs/product/rules.md#R452); the words 'politique de confidentialité' link to the privacy page.
 */
export function ConsentLabel({ source, newTab = false }: { source: NewsletterConsentSource; newTab?: boolean }) {
  const text = NEWSLETTER_CONSENT_TEXTS[source];
  const at = text.indexOf(PRIVACY_WORDS);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Link to={WebRoutes.privacy} target={newTab ? '_blank' : undefined}>{PRIVACY_WORDS}</Link>
      {text.slice(at + PRIVACY_WORDS.length)}
    </>
  );
}

/** Said under a newsletter box: what happens once the form is sent (docs/product/rules.md#R450). */
export const CONFIRMATION_HINT = 'Vous recevrez un e-mail pour confirmer votre inscription : vérifiez votre boîte mail.';
