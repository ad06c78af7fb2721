import { LinkKey, LinkPurposes, LinkSigner } from '@outils/server-signing';

/**
 * The newsletter's mail links (docs/product/rules.md#R451, docs/product/rules.md#R744): an HMAC
 * of the subscriber's id under the newsletter's purpose key (docs/product/rules.md#R880), so
 * that a link of one kind never serves as another. The confirmation link also signs the start
 * of the pending registration: every confirmation mail of one registration carries the same
 * link, and a new registration after an expiry or an unsubscription gets a new one. The
 * unsubscribe link never expires: it is printed in every newsletter mail.
 */
export class NewsletterLinks {
  private readonly key: LinkKey;

  constructor(signer: LinkSigner) {
    this.key = signer.key(LinkPurposes.newsletter);
  }

  /** Whether `token` is the link of this registration's confirmation (constant time). */
  confirms(subscriberId: string, requestedAt: Date, token: unknown): boolean {
    return this.key.matches(confirmFields(subscriberId, requestedAt), token);
  }

  /** Whether `token` is this subscriber's unsubscribe link (constant time). */
  unsubscribes(subscriberId: string, token: unknown): boolean {
    return this.key.matches(['unsubscribe', subscriberId], token);
  }

  confirmToken(subscriberId: string, requestedAt: Date): string {
    return this.key.sign(confirmFields(subscriberId, requestedAt));
  }

  unsubscribeToken(subscriberId: string): string {
    return this.key.sign(['unsubscribe', subscriberId]);
  }
}

function confirmFields(subscriberId: string, requestedAt: Date): string[] {
  return ['confirm', subscriberId, String(requestedAt.getTime())];
}
