import request from 'supertest';
import { PersonalDataMessages } from '@outils/contracts';
import { CaughtMail, linkFrom, waitUntil } from '@outils/server-testing';
import { TEST_WEB_URL as WEB_URL } from './support/test-worker';
import { useApiAndWorker } from './support/api-and-worker';
// Test-only cross-app imports: the real API next to the real worker.
import { createTestUser } from '../../api/test/factories/user.factory';

const SUBJECT = 'Confirmez votre inscription à la newsletter Outils';

/**
 * Coming back to the newsletter (docs/product/rules.md#R741): after an unsubscription, from the
 * profile switch or the home form, a new confirmation mail really arrives and its link works; a
 * waiting registration asked again is mailed again, within its budget. Real API, real worker
 * (outbox relay → BullMQ → SMTP catcher).
 */
describe('newsletter: subscribing again after leaving (API + worker + SMTP)', () => {
  const stack = useApiAndWorker('resubscribe');

  const confirmations = async (email: string) =>
    (await stack.smtp.all()).filter((m: CaughtMail) => m.subject === SUBJECT && m.to.some((t) => t.address === email));
  const waitForConfirmations = (email: string, count: number) =>
    waitUntil(async () => ((await confirmations(email)).length >= count ? confirmations(email) : null), { timeoutMs: 20_000, what: `${count} confirmation mails for ${email}` });
  const confirmLink = (mail: CaughtMail) => {
    const u = new URL(linkFrom(mail, `${WEB_URL}/newsletter/confirmed?`));
    return { id: u.searchParams.get('id'), token: u.searchParams.get('token') };
  };
  const unsubscribeLink = (mail: CaughtMail) => new URL(linkFrom(mail, `${WEB_URL}/newsletter/unsubscribe?`)).search;
  const status = async (email: string) => (await stack.dataSource.query(`SELECT status FROM newsletter_subscriber WHERE email = $1`, [email]))[0]?.status;
  // The confirmation mails only: the subscriber's sync with the mailing service may still be retrying.
  const allSent = async () =>
    Number((await stack.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE sent_at IS NULL AND job_name = 'send-newsletter-confirmation-mail'`))[0].n) === 0;

  it('profile switch: confirm, turn off, turn on again → a new mail whose link subscribes', async () => {
    const member = await createTestUser(stack.dataSource, { email: `profil.${Date.now().toString(36)}@exemple.fr` });
    await request(stack.api.http).post('/api/user/update').set(member.headers).send({ newsletter: 1 }).expect(200);
    const [first] = await waitForConfirmations(member.email, 1);
    // The visible way out is a real link in the HTML part (R455).
    expect(first.html).toMatch(/<a href="http:\/\/localhost:4299\/newsletter\/unsubscribe\?id=[^"]+"[^>]*>Ne plus recevoir nos e-mails<\/a>/);
    await request(stack.api.http).post('/api/newsletter/confirm').send(confirmLink(first)).expect(200);
    await request(stack.api.http).post('/api/user/update').set(member.headers).send({ newsletter: 0 }).expect(200);
    expect(await status(member.email)).toBe('unsubscribed');

    await request(stack.api.http).post('/api/user/update').set(member.headers).send({ newsletter: 1 }).expect(200);
    const mails = await waitForConfirmations(member.email, 2);
    const again = confirmLink(mails[1]);
    expect(again).not.toEqual(confirmLink(first));
    const res = await request(stack.api.http).post('/api/newsletter/confirm').send(again).expect(200);
    expect(res.body).toEqual({ message: PersonalDataMessages.newsletterConfirmed });
    expect(await status(member.email)).toBe('subscribed');
    const shown = await request(stack.api.http).get('/api/user/show').set(member.headers).expect(200);
    expect(shown.body.userData).toMatchObject({ newsletter: true, newsletterStatus: 'subscribed' });
  });

  it('home form: unsubscribed by the mail’s link, registered again → a new mail that confirms; asked again while waiting → mailed again, three a day at most', async () => {
    const email = `accueil.${Date.now().toString(36)}@exemple.fr`;
    const register = () => request(stack.api.http).post('/api/mailjet/register').send({ email, consent: true, source: 'home' }).expect(200);
    await register();
    const [first] = await waitForConfirmations(email, 1);
    await request(stack.api.http).post('/api/newsletter/confirm').send(confirmLink(first)).expect(200);
    await request(stack.api.http).post(`/api/newsletter/unsubscribe${unsubscribeLink(first)}`).send({}).expect(200);
    expect(await status(email)).toBe('unsubscribed');

    await register();
    const second = (await waitForConfirmations(email, 2))[1];
    expect(await status(email)).toBe('pending');

    // Asked again a few minutes later, while waiting: the same link, mailed again.
    await stack.dataSource.query(`UPDATE newsletter_subscriber SET confirmation_sent_at = now() - interval '3 minutes' WHERE email = $1`, [email]);
    await register();
    const third = (await waitForConfirmations(email, 3))[2];
    expect(confirmLink(third)).toEqual(confirmLink(second));
    // The budget is spent (3 mails in 24 hours): same answer, no fourth mail.
    await stack.dataSource.query(`UPDATE newsletter_subscriber SET confirmation_sent_at = now() - interval '3 minutes' WHERE email = $1`, [email]);
    await register();
    await waitUntil(allSent);
    expect(await confirmations(email)).toHaveLength(3);

    await request(stack.api.http).post('/api/newsletter/confirm').send(confirmLink(third)).expect(200);
    expect(await status(email)).toBe('subscribed');
  });
});
