import request from 'supertest';
import { VersionMessages } from '@outils/contracts';
import { CaughtMail, waitUntil } from '@outils/server-testing';
import { UpdateDigestService } from '../src/update-alerts/update-digest.service';
import { UpdateDigestRepository } from '../src/update-alerts/update-digest.repository';
import { useApiAndWorker } from './support/api-and-worker';
// Test-only cross-app imports: the real API next to the real worker.
import { createTestUser, TestUser } from '../../api/test/factories/user.factory';
import { createTestTool, SAMPLE_PDF } from '../../api/test/factories/tool.factory';
import { pathOf } from '../../api/test/factories/downloads';

const to = (user: TestUser) => (mail: CaughtMail) => mail.to.some((t) => t.address === user.email);
const DAY = 86_400_000;

/** docs/product/rules.md#R910–R916: the daily digest of new versions, through the outbox to a real SMTP server. */
describe('update alerts (real API, worker and SMTP catcher)', () => {
  const stack = useApiAndWorker('update-alerts', { workerEnv: () => ({ DOWNLOAD_URL_SECRET: stack.api.config.downloads.secret }) });
  const http = () => stack.api.http;

  async function download(member: TestUser, toolId: number): Promise<void> {
    const { body } = await request(http()).get(`/tools/download?toolId=${toolId}`).set(member.headers).expect(200);
    await request(http()).get(pathOf(body.url)).expect(200);
  }
  async function newVersion(admin: TestUser, toolId: number, note: string, minor = false): Promise<void> {
    await request(http()).post('/admin/tools/update').set(admin.headers).field('toolId', String(toolId)).field('description', 'Mis à jour.')
      .field('versionNote', note).field('minorUpdate', String(minor)).attach('toolFile', Buffer.concat([SAMPLE_PDF, Buffer.from(`% ${note.length}\n`)]), 'v.pdf').expect(200);
  }
  const digestRows = async () =>
    Number((await stack.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'send-update-digest-mail'`))[0].n);

  it('mails each member concerned one digest a day, none for a minor update nor to others, and stops after a one-click unsubscribe', async () => {
    const admin = await createTestUser(stack.api.dataSource, { isAdmin: true });
    const [downloader, favourer, folderer, silent, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => createTestUser(stack.api.dataSource)));
    const checklist = await createTestTool(stack.api, { name: 'Checklist RGPD' });
    const devis = await createTestTool(stack.api, { name: 'Modèle de devis' });
    const minor = await createTestTool(stack.api, { name: 'Charte graphique' });

    await download(downloader, checklist.id);
    await download(downloader, devis.id);
    await download(downloader, minor.id);
    await download(silent, checklist.id);
    await request(http()).post('/api/favorites/create').set(favourer.headers).send({ toolId: checklist.id }).expect((r) => expect(r.status).toBeLessThan(300));
    await request(http()).post('/api/folders/create').set(folderer.headers).send({ name: 'Mon dossier', toolId: devis.id }).expect((r) => expect(r.status).toBeLessThan(300));
    await request(http()).post('/api/update-alerts').set(silent.headers).send({ enabled: false }).expect(200);
    expect((await request(http()).get('/api/update-alerts').set(stranger.headers).expect(200)).body).toEqual({ enabled: true });

    await newVersion(admin, checklist.id, 'Article 30 ajouté.\nDeux questions en plus.');
    await newVersion(admin, devis.id, 'Mentions légales 2026.');
    await newVersion(admin, minor.id, 'Coquille.', true);

    const digests = stack.worker.get(UpdateDigestService);
    expect(await digests.sendDigests()).toEqual({ members: 3, tools: 4 });
    const mail = await stack.smtp.waitFor(to(downloader));
    await stack.smtp.waitFor(to(favourer));
    await stack.smtp.waitFor(to(folderer));
    expect(mail.subject).toBe('2 outils que vous utilisez ont une nouvelle version');
    expect(mail.text).toContain('Checklist RGPD — version 2');
    expect(mail.text).toContain('Quoi de neuf ? Article 30 ajouté.\nDeux questions en plus.');
    expect(mail.text).toContain('Modèle de devis — version 2');
    expect(mail.text).not.toContain('Charte graphique');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'])![1];

    // A second run the same day mails nobody again, even with another new version.
    await newVersion(admin, checklist.id, 'Version 3.');
    expect(await digests.sendDigests()).toEqual({ members: 0, tools: 0 });
    const mails = await stack.smtp.all();
    expect(mails.filter(to(downloader))).toHaveLength(1);
    expect(mails.filter(to(silent))).toHaveLength(0);
    expect(mails.filter(to(stranger))).toHaveLength(0);

    // One click (RFC 8058), no session: the link alone says who.
    const out = await request(http()).post(pathOf(oneClick)).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(out.body).toEqual({ message: VersionMessages.unsubscribed });
    const forged = await request(http()).post(pathOf(oneClick).replace(/token=[^&]+/, 'token=faux')).expect(400);
    expect(forged.body).toEqual({ message: VersionMessages.unsubscribeInvalid });

    // The next day: version 3 goes to the favourer, not to the member who left.
    const before = await digestRows();
    expect(await digests.sendDigests(new Date(Date.now() + DAY))).toEqual({ members: 1, tools: 1 });
    expect(await digestRows()).toBe(before + 1);
    await waitUntil(async () => (await stack.smtp.all()).filter(to(favourer)).length === 2 || undefined, { what: 'the second digest' });
    expect((await stack.smtp.all()).filter(to(downloader))).toHaveLength(1);
  }, 120_000);

  it('lets only one run (or replica) claim a member\'s digest of the day (R912)', async () => {
    const member = await createTestUser(stack.api.dataSource);
    const digests = stack.worker.get(UpdateDigestRepository);
    const today = new Date().toISOString().slice(0, 10);
    const claim = () => digests.transaction((tx) => digests.claim(tx, member.user.id, today, new Date()));
    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
    await request(http()).post('/api/update-alerts').set(member.headers).send({ enabled: false }).expect(200);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(await digests.transaction((tx) => digests.claim(tx, member.user.id, tomorrow, new Date()))).toBe(false);
  }, 60_000);
});
