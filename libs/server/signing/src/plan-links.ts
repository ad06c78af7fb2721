import { LinkKey, LinkPurposes, LinkSigner } from './link-signer';

/**
 * The followed plan's mail links (docs/product/rules.md#R979, #R980): each kind signed with a key
 * of its own (docs/product/rules.md#R880), so that an answer link cannot unsubscribe nor an
 * unsubscribe link answer, and no other kind of link does either. Signed by the worker that writes
 * the mail, checked by the API that acts.
 */
export class PlanLinks {
  private readonly answerKey: LinkKey;
  private readonly unsubscribeKey: LinkKey;

  constructor(signer: LinkSigner) {
    this.answerKey = signer.key(LinkPurposes.planAnswer);
    this.unsubscribeKey = signer.key(LinkPurposes.planUnsubscribe);
  }

  answerToken(planId: string, toolId: number, answer: string): string {
    return this.answerKey.sign(['answer', planId, toolId, answer]);
  }

  answers(planId: string, toolId: number, answer: string, token: unknown): boolean {
    return this.answerKey.matches(['answer', planId, toolId, answer], token);
  }

  unsubscribeToken(planId: string): string {
    return this.unsubscribeKey.sign(['unsubscribe', planId]);
  }

  unsubscribes(planId: string, token: unknown): boolean {
    return this.unsubscribeKey.matches(['unsubscribe', planId], token);
  }
}
