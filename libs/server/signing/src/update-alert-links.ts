import { LinkKey, LinkPurposes, LinkSigner } from './link-signer';

/**
 * The update alerts' unsubscribe link (docs/product/rules.md#R915): an HMAC of the member's id
 * under the alerts' own key (docs/product/rules.md#R880). Signed by the worker that writes the
 * digest, checked by the API that unsubscribes; it never expires, like every mail's way out.
 */
export class UpdateAlertLinks {
  private readonly key: LinkKey;

  constructor(signer: LinkSigner) {
    this.key = signer.key(LinkPurposes.updateAlerts);
  }

  token(userId: string): string {
    return this.key.sign(['unsubscribe', userId]);
  }

  /** Whether `token` is this member's unsubscribe link (constant time). */
  unsubscribes(userId: string, token: unknown): boolean {
    return this.key.matches(['unsubscribe', userId], token);
  }
}
