import { LinkPurposes, LinkSigner } from './link-signer';
import { PlanLinks } from './plan-links';
import { UpdateAlertLinks } from './update-alert-links';

const signer = new LinkSigner('un-secret-de-test-assez-long-pour-les-liens-signes');
const links = new PlanLinks(signer);

/** docs/product/rules.md#R980: each plan link kind answers to its own key and fields only. */
describe('PlanLinks', () => {
  it('checks an answer link over its plan, tool and answer', () => {
    const token = links.answerToken('7', 12, 'done');
    expect(links.answers('7', 12, 'done', token)).toBe(true);
    expect(links.answers('7', 12, 'not_useful', token)).toBe(false);
    expect(links.answers('7', 13, 'done', token)).toBe(false);
    expect(links.answers('8', 12, 'done', token)).toBe(false);
    expect(links.answers('7', 12, 'done', `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
  });

  it('never takes one kind or purpose for another', () => {
    expect(links.unsubscribes('7', links.answerToken('7', 12, 'done'))).toBe(false);
    expect(links.answers('7', 12, 'done', links.unsubscribeToken('7'))).toBe(false);
    expect(links.unsubscribes('7', new UpdateAlertLinks(signer).token('7'))).toBe(false);
    expect(links.unsubscribes('7', signer.key(LinkPurposes.updateAlerts).sign(['unsubscribe', '7']))).toBe(false);
    expect(links.unsubscribes('7', links.unsubscribeToken('7'))).toBe(true);
  });
});
