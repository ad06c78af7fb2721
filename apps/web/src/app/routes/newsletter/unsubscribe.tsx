import { NewsletterLinkPage } from '../../../features/newsletter/components/newsletter-link-page';

/** /newsletter/unsubscribe?id=&token= : the visible way out of every newsletter mail (docs/product/rules.md#R455). */
export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
