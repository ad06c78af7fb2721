import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's mail links (docs/product/rules.md#R451, docs/product/rules.md#R744): an HMAC
 * of the subscriber's id, keyed by a key derived from the link secret with a purpose label, so
 * that a link of one kind never serves as another. The confirmation link also signs the start
 * of the pending registration: every confirmation mail of one registration carries the same
 * link, and a new registration after an expiry or an unsubscription gets a new one. The
 * unsubscribe link never expires: it is printed in every newsletter mail.
 */
export class NewsletterLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('newsletter-links-v1').digest();
  }

  confirmToken(subscriberId: string, requestedAt: Date): string {
    return this.sign(`confirm|${subscriberId}|${requestedAt.getTime()}`);
  }

  unsubscribeToken(subscriberId: string): string {
    return this.sign(`unsubscribe|${subscriberId}`);
  }

  static matches(expected: string, given: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
