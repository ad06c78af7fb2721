import { NewsletterLinkPage } from '../../../features/newsletter/components/newsletter-link-page';

/** /newsletter/confirmed?id=&token= : the confirmation link of the newsletter (docs/product/rules.md#R451). */
export default function NewsletterConfirmedPage() {
  return <NewsletterLinkPage kind="confirm" />;
}
