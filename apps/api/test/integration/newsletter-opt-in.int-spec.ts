import request from 'supertest';
import { CatalogueMessages, CommonMessages, NEWSLETTER_CONSENT_TEXTS, PersonalDataMessages } from '@outils/contracts';
import { signUpActivateAndLogin, uniqueEmail } from '../factories/accounts.factory';
import { useTestApp } from '../support/suite-app';

/**
 * Double opt-in, its consent record, the confirmation mails' budget, the links' refusals and the
 * profile switch (docs/product/rules.md#R450–R458). No worker here: the mails are read from
 * the outbox; the journey through SMTP and Mailjet is in apps/worker/test/personal-data.int-spec.ts.
 */
describe('newsletter: double opt-in (real PostgreSQL, outbox)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });

  const subscriber = async (email: string) =>
    (await t.dataSource.query(`SELECT id, status, source, confirmed_at, unsubscribed_at FROM newsletter_subscriber WHERE email = $1`, [email]))[0];
  const events = async (email: string) =>
    t.dataSource.query(
      `SELECT e.kind, e.source, e.consent_text AS "consentText", e.ip FROM newsletter_event e JOIN newsletter_subscriber s ON s.id = e.subscriber_id
        WHERE s.email = $1 ORDER BY e.id`,
      [email],
    );
  const mails = async (email: string): Promise<Array<{ confirmUrl: string; unsubscribeUrl: string; oneClickUrl: string }>> =>
    (await t.dataSource.query(
      `SELECT payload FROM outbox_message WHERE job_name = 'send-newsletter-confirmation-mail' AND payload->>'to' = $1 ORDER BY id`, [email],
    )).map((r: { payload: never }) => r.payload);
  const syncJobs = async (id: string) =>
    Number((await t.dataSource.query(
      `SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'sync-newsletter-subscriber' AND payload->>'subscriberId' = $1`, [id],
    ))[0].n);
  const linkOf = (url: string) => {
    const u = new URL(url);
    return { path: u.pathname, id: u.searchParams.get('id') ?? '', token: u.searchParams.get('token') ?? '' };
  };

  it('records a consented registration as pending with its proof, and re-sends its one link within a budget', async () => {
    const email = uniqueEmail('popup');
    const res = await request(t.http).post('/api/mailjet/register').send({ email, consent: true, source: 'popup' }).expect(200);
    expect(res.body).toEqual({ message: 'Merci ! Vérifiez votre boîte mail pour confirmer votre inscription à la newsletter.' });
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: 'pending', source: 'popup', confirmed_at: null });
    expect(await events(email)).toEqual([{ kind: 'requested', source: 'popup', consentText: NEWSLETTER_CONSENT_TEXTS.popup, ip: expect.stringMatching(/127\.0\.0\.1|::1/) }]);
    const [mail] = await mails(email);
    expect(linkOf(mail.confirmUrl)).toMatchObject({ path: '/newsletter/confirmed', id: row.id });
    expect(mail.confirmUrl.startsWith('http://localhost:4299/newsletter/confirmed?')).toBe(true);
    expect(mail.unsubscribeUrl.startsWith('http://localhost:4299/newsletter/unsubscribe?')).toBe(true);
    expect(mail.oneClickUrl.startsWith('http://127.0.0.1:3999/api/newsletter/unsubscribe?')).toBe(true);
    // Not subscribed yet: nothing for the marketing list.
    expect(await syncJobs(row.id)).toBe(0);

    // The same address again at once, from another form (a double click): same answer, one mail.
    await request(t.http).post('/api/mailjet/register').send({ email, consent: true, source: 'home' }).expect(200);
    expect(await mails(email)).toHaveLength(1);

    // Minutes later, asking again re-sends the same link (the registration is the same, R741)…
    const later = () => t.dataSource.query(`UPDATE newsletter_subscriber SET confirmation_sent_at = now() - interval '3 minutes' WHERE email = $1`, [email]);
    await later();
    await request(t.http).post('/api/mailjet/register').send({ email, consent: true, source: 'home' }).expect(200);
    const both = await mails(email);
    expect(both).toHaveLength(2);
    expect(both[1].confirmUrl).toBe(both[0].confirmUrl);
    // …up to three mails a day; past that the answer is the same and nothing is sent or recorded.
    await later();
    await request(t.http).post('/api/mailjet/register').send({ email, consent: true, source: 'home' }).expect(200);
    await later();
    const answer = await request(t.http).post('/api/mailjet/register').send({ email, consent: true, source: 'home' }).expect(200);
    expect(answer.body).toEqual({ message: CatalogueMessages.newsletterRegistered });
    expect(await mails(email)).toHaveLength(3);
    expect(await events(email)).toHaveLength(3);
  });

  it('records nothing without the consent box, and answers the same', async () => {
    const email = uniqueEmail('sans-case');
    const res = await request(t.http).post('/api/mailjet/register').send({ email, consent: false }).expect(200);
    expect(res.body).toEqual({ message: CatalogueMessages.newsletterRegistered });
    expect(await subscriber(email)).toBeUndefined();
    expect(await mails(email)).toEqual([]);
  });

  it('accepts the checkbox value "on" and each source of the contract, the address lower-cased', async () => {
    for (const source of ['home', 'popup', 'download', 'profile']) {
      await request(t.http).post('/api/mailjet/register').field('email', ` ${source}.Case@Example.com `).field('consent', 'on').field('source', source).expect(200);
      expect(await subscriber(`${source}.case@example.com`)).toMatchObject({ status: 'pending', source });
    }
  });

  it.each([
    [{}, { email: [CommonMessages.required('email')] }],
    [{ email: 'pas-une-adresse', consent: true }, { email: [CommonMessages.invalidEmail] }],
    [{ email: `${'a'.repeat(250)}@example.com`, consent: true }, { email: [CommonMessages.invalidEmail] }],
    [{ email: ['a@example.com', 'b@example.com'], consent: true }, { email: [CommonMessages.invalidEmail] }],
    [{ email: 'x@example.com', consent: 'peut-être' }, { consent: [CatalogueMessages.consentInvalid] }],
    [{ email: 'x@example.com', consent: true, source: 'signup' }, { source: [CatalogueMessages.newsletterSourceInvalid] }],
  ])('refuses %j with a French 400 and stores nothing', async (body, errors) => {
    const res = await request(t.http).post('/api/mailjet/register').send(body).expect(400);
    expect(res.body).toEqual({ errors });
    expect(await subscriber('x@example.com')).toBeUndefined();
  });

  it('subscribes when the link is followed, once, and queues the sync; a forged or expired link changes nothing', async () => {
    const email = uniqueEmail('confirme');
    await request(t.http).post('/api/mailjet/register').send({ email, consent: true, source: 'download' }).expect(200);
    const link = linkOf((await mails(email))[0].confirmUrl);
    const { id } = await subscriber(email);

    const forged = await request(t.http).post('/api/newsletter/confirm').send({ id, token: `${link.token.slice(0, -2)}xx` }).expect(400);
    expect(forged.body).toEqual({ message: PersonalDataMessages.newsletterConfirmInvalid });
    expect((await request(t.http).post('/api/newsletter/confirm').send({ id: 'pas-un-id', token: 'x' }).expect(400)).body)
      .toEqual({ message: PersonalDataMessages.newsletterLinkIncomplete });
    expect((await subscriber(email)).status).toBe('pending');

    const ok = await request(t.http).post('/api/newsletter/confirm').send({ id: link.id, token: link.token }).expect(200);
    expect(ok.body).toEqual({ message: PersonalDataMessages.newsletterConfirmed });
    expect(await subscriber(email)).toMatchObject({ status: 'subscribed', confirmed_at: expect.any(Date) });
    expect((await events(email)).map((e: { kind: string }) => e.kind)).toEqual(['requested', 'confirmed']);
    expect(await syncJobs(id)).toBe(1);
    // Twice: says so, queues nothing more.
    const again = await request(t.http).post('/api/newsletter/confirm').send({ id: link.id, token: link.token }).expect(200);
    expect(again.body).toEqual({ message: PersonalDataMessages.newsletterAlreadyConfirmed });
    expect(await syncJobs(id)).toBe(1);

    // A link older than 30 days no longer confirms.
    const late = uniqueEmail('tardif');
    await request(t.http).post('/api/mailjet/register').send({ email: late, consent: true }).expect(200);
    const lateLink = linkOf((await mails(late))[0].confirmUrl);
    await t.dataSource.query(`UPDATE newsletter_subscriber SET requested_at = requested_at - interval '31 days' WHERE email = $1`, [late]);
    // Signed with the start of the registration: moving it back invalidates the token too; both are refused.
    expect((await request(t.http).post('/api/newsletter/confirm').send(lateLink).expect(400)).body).toEqual({ message: PersonalDataMessages.newsletterConfirmInvalid });
    expect((await subscriber(late)).status).toBe('pending');
  });

  it('unsubscribes by the one-click POST and by the page, without a session, idempotently; a GET only leads to the page', async () => {
    const email = uniqueEmail('depart');
    await request(t.http).post('/api/mailjet/register').send({ email, consent: true }).expect(200);
    const [mail] = await mails(email);
    await request(t.http).post('/api/newsletter/confirm').send(linkOf(mail.confirmUrl)).expect(200);
    const oneClick = new URL(mail.oneClickUrl);

    const page = await request(t.http).get(`${oneClick.pathname}${oneClick.search}`).expect(303);
    expect(page.headers.location).toBe(`http://localhost:4299/newsletter/unsubscribe${oneClick.search}`);
    expect((await subscriber(email)).status).toBe('subscribed');

    const res = await request(t.http).post(`${oneClick.pathname}${oneClick.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.body).toEqual({ message: PersonalDataMessages.newsletterUnsubscribed });
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(Date) });
    expect(await syncJobs(row.id)).toBe(2);
    // Again (the page after the mail client): same answer, nothing more to sync.
    await request(t.http).post(`${oneClick.pathname}${oneClick.search}`).send({}).expect(200);
    expect(await syncJobs(row.id)).toBe(2);

    const forged = await request(t.http).post(`/api/newsletter/unsubscribe?id=${row.id}&token=abc`).expect(400);
    expect(forged.body).toEqual({ message: PersonalDataMessages.newsletterUnsubscribeInvalid });
    expect((await request(t.http).post('/api/newsletter/unsubscribe').expect(400)).body).toEqual({ message: PersonalDataMessages.newsletterLinkIncomplete });
  });

  it('sign-up with the box ticked asks for confirmation; the profile switch shows and changes the real subscription', async () => {
    const member = await signUpActivateAndLogin(t, { newsletter: '1' });
    const auth = { userEmail: member.email, userToken: member.token };
    const show = async () => (await request(t.http).get('/api/user/show').set(auth).expect(200)).body.userData;
    expect(await show()).toMatchObject({ newsletter: true, newsletterStatus: 'pending' });
    expect(await events(member.email)).toEqual([expect.objectContaining({ kind: 'requested', source: 'signup', consentText: NEWSLETTER_CONSENT_TEXTS.signup })]);

    await request(t.http).post('/api/newsletter/confirm').send(linkOf((await mails(member.email))[0].confirmUrl)).expect(200);
    expect(await show()).toMatchObject({ newsletter: true, newsletterStatus: 'subscribed' });

    await request(t.http).post('/api/user/update').set(auth).send({ newsletter: 0 }).expect(200);
    expect(await show()).toMatchObject({ newsletter: false, newsletterStatus: 'unsubscribed' });

    // Back on from the profile, at once: a new registration, whose new link is mailed (R741).
    await request(t.http).post('/api/user/update').set(auth).send({ newsletter: 1 }).expect(200);
    expect(await show()).toMatchObject({ newsletter: true, newsletterStatus: 'pending' });
    const [first, second] = await mails(member.email);
    expect(second.confirmUrl).not.toBe(first.confirmUrl);
    await request(t.http).post('/api/newsletter/confirm').send(linkOf(first.confirmUrl)).expect(400);
    await request(t.http).post('/api/newsletter/confirm').send(linkOf(second.confirmUrl)).expect(200);
    expect(await show()).toMatchObject({ newsletter: true, newsletterStatus: 'subscribed' });
    expect((await events(member.email)).map((e: { kind: string; source: string | null }) => `${e.kind}:${e.source}`))
      .toEqual(['requested:signup', 'confirmed:null', 'unsubscribed:null', 'requested:profile', 'confirmed:null']);

    // Without the box at sign-up: nothing recorded.
    const other = await signUpActivateAndLogin(t, { newsletter: '0' });
    expect(await subscriber(other.email)).toBeUndefined();
  });
});
