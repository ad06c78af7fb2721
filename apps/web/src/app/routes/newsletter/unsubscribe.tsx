import { NewsletterLinkPage } from '../../../features/newsletter/components/newsletter-link-page';

/** /newsletter/unsubscribe?id=&token= : the visible way out of every newsletter mail (docs/product/rules.md#R744). */
export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
