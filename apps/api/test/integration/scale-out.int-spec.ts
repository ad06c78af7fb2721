import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';
import { Queues } from '@outils/server-jobs';
import { CaughtMail, eventually, freePort, SmtpCatcher, startSmtpCatcher, waitUntil } from '@outils/server-testing';
import { createApp } from '../../src/app.factory';
import { AccountRateLimits } from '../../src/modules/accounts/account-rate-limits';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
// Test-only cross-app import: the real worker next to the real API (issue 9, scale-out).
import { MailSender } from '../../../worker/src/smtp/mail-sender';
import { WorkerModule } from '../../../worker/src/worker.module';
import { createCategory, createTestTool, createToolType, SAMPLE_PDF, samplePng } from '../factories/tool.factory';
import { createTestUser } from '../factories/user.factory';
import { testConfig } from '../setup/test-app';

/**
 * Issue 9, "Scale-out": two API instances and two workers, each built exactly as in production
 * (`createApp`, `WorkerModule.forRoot`), sharing one PostgreSQL (the run's test database), one
 * Redis prefix, one `DOWNLOAD_URL_SECRET` and one storage folder (the "shared disk"), and
 * nothing else. The APIs listen on real ports and are called over HTTP, like replicas behind a
 * load balancer; the workers send to a real SMTP server (MailDev).
 *
 * All four run in this one Node process: state kept in module-level variables would be shared
 * and slip through, so this test proves what lives in PostgreSQL, Redis and storage, and the
 * per-instance state (Nest providers: limiters, registries, queues, relays) is genuinely two-fold.
 *
 * The database is shared with the other API test files (run in band): every address is unique
 * to this run and nothing assumes empty tables. Earlier files leave outbox rows pending (they
 * run without a worker); our workers send those too, which is why mails are counted by recipient.
 */

const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const SECRET = `scale-out-download-secret-${RUN}-0123456789abcdef`;
const SIGN_UPS = 100;
const PASSWORD = 'Bonjour-2026!';

/** Binary body as a Buffer (supertest only buffers text types by default). */
const binary = (res: request.Response, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};


/** Path and query of an absolute link built on the configured API_URL, to be sent to any instance. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('scale-out: two API instances and two workers on one PostgreSQL and one Redis (issue 9)', () => {
  let smtp: SmtpCatcher;
  let storageDir: string;
  let config: Readonly<AppConfig>;
  const apis: INestApplication[] = [];
  const workers: INestApplicationContext[] = [];
  /** Base URLs of instance A and instance B (real TCP ports on 127.0.0.1). */
  let A: string;
  let B: string;
  let dataSource: DataSource;
  /** Mails handed to SMTP by each worker, by recipient (the workers' own MailSender). */
  const sentBy: Array<string[]> = [[], []];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    storageDir = await mkdtemp(join(tmpdir(), 'outils-scale-out-'));
    // One configuration for every process, as a deployment would give them: same database,
    // Redis prefix (its own, under the run's prefix, so the global teardown still cleans it),
    // download secret, storage folder and SMTP server. Rate limits stay ON.
    const shared = {
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}:scale-out-${RUN}`,
      DOWNLOAD_URL_SECRET: SECRET,
      STORAGE_DIR: storageDir,
      SMTP_URL: smtp.url,
    };
    config = testConfig(shared);
    for (let i = 0; i < 2; i += 1) {
      const app = await createApp(config);
      await app.listen(0, '127.0.0.1');
      apis.push(app);
    }
    [A, B] = await Promise.all(apis.map(async (app) => (await app.getUrl()).replace('[::1]', '127.0.0.1')));
    expect(A).not.toBe(B);
    for (let i = 0; i < 2; i += 1) {
      // Each worker has its own metrics/health port; everything else is the shared configuration.
      const workerConfig = testConfig({ ...shared, WORKER_HTTP_PORT: String(await freePort()) });
      const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(workerConfig), { logger: false });
      await worker.init();
      const sender = worker.get(MailSender);
      const send = sender.send.bind(sender);
      jest.spyOn(sender, 'send').mockImplementation(async (to, mail) => {
        await send(to, mail);
        sentBy[i].push(to);
      });
      workers.push(worker);
    }
    dataSource = apis[0].get(DataSource);
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) await worker.close();
    for (const app of apis) await app.close();
    await smtp?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('a session token issued by A is accepted by B, and a logout on B ends it on A', async () => {
    const member = await createTestUser(dataSource, { password: PASSWORD });
    const login = await request(A).post('/api/login').send({ username: member.email, password: PASSWORD }).expect(200);
    expect(login.body).toEqual({ user: member.email, token: expect.any(String) });
    const headers = { userEmail: member.email, userToken: login.body.token };

    const show = await request(B).get('/api/user/show').set(headers).expect(200);
    expect(show.body.userData).toMatchObject({ email: member.email });

    await request(B).post('/api/logout').set(headers).expect(200);
    await request(A).get('/api/user/show').set(headers).expect(401);
  });

  it('shares the login rate limit: alternating A and B, one client trips after its (address, IP) budget, not twice it', async () => {
    // Read from the rule the API applies (10 per address and IP per 15 minutes, docs/accounts.md).
    const budget = AccountRateLimits.login.perAddressIp.points;
    const member = await createTestUser(dataSource, { password: PASSWORD });
    const statuses: number[] = [];
    // Per-instance counters would allow 2 × budget attempts; stop a little past that.
    for (let attempt = 0; attempt < 2 * budget + 2; attempt += 1) {
      const res = await request(attempt % 2 === 0 ? A : B)
        .post('/api/login')
        .set('X-Forwarded-For', '198.51.100.7') // one client, whichever instance answers
        .send({ username: member.email, password: 'Faux-Mdp-2026!' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    expect(statuses).toEqual([...Array(budget).fill(401), 429]);
    // That client is refused on both instances now, even with the right password…
    for (const base of [A, B]) {
      await request(base).post('/api/login').set('X-Forwarded-For', '198.51.100.7').send({ username: member.email, password: PASSWORD }).expect(429);
    }
    // …and the owner, from elsewhere, is not.
    await request(B).post('/api/login').set('X-Forwarded-For', '198.51.100.200').send({ username: member.email, password: PASSWORD }).expect(200);
  });

  it(`${SIGN_UPS} sign-ups spread over A and B give exactly ${SIGN_UPS} activation mails, none twice, from both workers`, async () => {
    // The sign-up budget is 20 per IP per hour: 100 sign-ups from one client would trip it (by
    // design). Rather than switching the limits off, each sign-up comes from its own client
    // address (X-Forwarded-For, trusted from loopback as from a load balancer on a private
    // network), as 100 different people would: the instances keep their production settings.
    const addresses = Array.from({ length: SIGN_UPS }, (_, i) => `scale.${RUN}.${i}@exemple.fr`);
    const signUp = (i: number) =>
      request(i % 2 === 0 ? A : B)
        .post('/api/user/new')
        .set('X-Forwarded-For', `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`)
        .send({ lastName: 'Durand', firstName: 'Élodie', mail: addresses[i], password: PASSWORD, passwordConfirm: PASSWORD, newsletter: '0' });
    // Ten at a time (five per instance), so that both APIs' dispatches and both relays race.
    for (let start = 0; start < SIGN_UPS; start += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, k) => signUp(start + k)));
      for (const res of batch) expect(res.status).toBe(200);
    }

    const ours = new Set(addresses);
    const received = async () => (await smtp.all()).filter((mail: CaughtMail) => mail.to.some((to) => ours.has(to.address)));
    let mails = await waitUntil(async () => ((await received()).length >= SIGN_UPS ? received() : null), {
      timeoutMs: 60_000, intervalMs: 250, what: `${SIGN_UPS} activation mails`,
    });
    expect(mails).toHaveLength(SIGN_UPS);
    // A late duplicate (a second relay, a retried job) would come from one of our rows not yet
    // marked sent or a job still queued: wait until there is neither, then count again.
    const mailQueue = workers[0].get<Queue>(getQueueToken(Queues.mail), { strict: false });
    await waitUntil(async () => {
      const [{ pending }] = await dataSource.query(
        `SELECT count(*)::int AS pending FROM outbox_message WHERE job_name = 'send-activation-mail' AND payload->>'to' = ANY($1) AND sent_at IS NULL`,
        [addresses],
      );
      const queued = await mailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return pending === 0 && Object.values(queued).every((n) => n === 0);
    }, { timeoutMs: 30_000, intervalMs: 250, what: 'every outbox row sent and the mail queue empty' });
    mails = await received();
    const perRecipient = new Map<string, number>();
    for (const mail of mails) for (const to of mail.to) perRecipient.set(to.address, (perRecipient.get(to.address) ?? 0) + 1);
    expect(mails).toHaveLength(SIGN_UPS);
    expect([...perRecipient.keys()].sort()).toEqual([...addresses].sort());
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(mails.every((mail) => mail.subject === 'Activez votre compte Outils')).toBe(true);

    // One outbox row per sign-up, every one dispatched and marked sent.
    const rows: Array<{ to: string; dispatched: boolean; sent: boolean }> = await dataSource.query(
      `SELECT payload->>'to' AS to, dispatched_at IS NOT NULL AS dispatched, sent_at IS NOT NULL AS sent
         FROM outbox_message WHERE job_name = 'send-activation-mail' AND payload->>'to' = ANY($1)`,
      [addresses],
    );
    expect(rows).toHaveLength(SIGN_UPS);
    expect(rows.filter((r) => !r.dispatched || !r.sent)).toEqual([]);

    // Both workers did part of the work, and together exactly one send per address.
    const ourSends = sentBy.map((list) => list.filter((to) => ours.has(to)));
    expect(ourSends[0].length).toBeGreaterThan(0);
    expect(ourSends[1].length).toBeGreaterThan(0);
    expect(new Set([...ourSends[0], ...ourSends[1]]).size).toBe(SIGN_UPS);
    expect(ourSends[0].length + ourSends[1].length).toBe(SIGN_UPS);
  }, 120_000); // argon2 hashing of 100 passwords is CPU-bound: ~10 s idle, ~40 s on a loaded CI box

  it('a download URL signed by A is accepted by B (shared DOWNLOAD_URL_SECRET)', async () => {
    const body = Buffer.concat([SAMPLE_PDF, Buffer.from(`% ${RUN}\n`)]);
    const tool = await createTestTool({ dataSource, config }, { file: { body, ext: 'pdf', mime: 'application/pdf' } });
    const { body: link } = await request(A).get(`/tools/download?toolId=${tool.id}`).expect(200);
    expect(link.url).toContain('signature=');

    const res = await request(B).get(pathOf(link.url)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.body as Buffer, body)).toBe(0);

    // And B still checks the signature: a tampered link is refused.
    const tampered = new URL(link.url);
    tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 60));
    await request(B).get(pathOf(tampered.toString())).expect(403);
  });

  it('a file uploaded through A (admin create) is downloadable through B (shared storage)', async () => {
    const admin = await createTestUser(dataSource, { isAdmin: true });
    const category = await createCategory(dataSource);
    const type = await createToolType(dataSource);
    const file = Buffer.concat([SAMPLE_PDF, Buffer.from(`% envoyé par A ${RUN}\n`)]);
    const created = await request(A)
      .post('/admin/tools/create')
      .field('storedMail', admin.email).field('storedToken', admin.token)
      .field('title', `Plan de charge ${RUN}`).field('description', 'Téléversé sur A, téléchargé sur B.')
      .field('type', String(type.id)).field('category', String(category.id)).field('difficulty', 'Simple')
      .attach('toolFile', file, 'plan-de-charge.pdf')
      .expect(200);
    expect(created.body.id).toEqual(expect.any(Number));

    const { body: link } = await request(B).get(`/tools/download?toolId=${created.body.id}`).expect(200);
    const res = await request(B).get(pathOf(link.url)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.body as Buffer, file)).toBe(0);
  });

  describe('the catalogue read model: a write on one instance is answered by every instance (docs/product/rules.md#R302)', () => {
    type Sheet = { tool?: { id: number; slug: string; name: string; isFavorite: boolean; images: Array<{ id: string }> }; url?: string };
    let admin: Awaited<ReturnType<typeof createTestUser>>;
    let member: Awaited<ReturnType<typeof createTestUser>>;
    let categoryId: number;
    let typeId: number;
    const adminForm = (base: string, path: string) => request(base).post(path).field('storedMail', admin.email).field('storedToken', admin.token);
    const sheetOn = async (base: string, idOrSlug: string | number, headers: Record<string, string> = {}) => {
      const res = await request(base).get(`/tools/${idOrSlug}`).set(headers);
      return { status: res.status, body: res.body as Sheet };
    };
    /** The first page of the catalogue filtered on this test's category (only this test's tools). */
    const pageOn = async (base: string, headers: Record<string, string> = {}) =>
      (await request(base).get(`/api/tools?categories[]=${categoryId}`).set(headers).expect(200)).body as { tools: Array<{ id: number; name: string; isFavorite: boolean }>; total: number };
    /** Polls `check` on an instance until it holds (the notification travels through PostgreSQL). */
    const onEvery = (check: (base: string) => Promise<void>) => Promise.all([A, B].map((base) => eventually(() => check(base), { timeoutMs: 5_000, intervalMs: 50 })));

    beforeAll(async () => {
      admin = await createTestUser(dataSource, { isAdmin: true });
      member = await createTestUser(dataSource);
      categoryId = (await createCategory(dataSource)).id;
      typeId = (await createToolType(dataSource)).id;
      // Both instances have built their model (and know the new category) before we start.
      await onEvery(async (base) => void (await request(base).get(`/api/tools?categories[]=${categoryId}`).expect(200)));
      // …and answer from memory, not from the database fallback (else this would prove nothing).
      for (const app of apis) expect(app.get(CatalogueReadModel).usable).toBe(true);
    });

    it('create, rename, image order and delete on one instance: that instance answers at once, the other within seconds', async () => {
      // Create on A: A's next read sees it (read-your-write), B learns it from the notification.
      const created = await adminForm(A, '/admin/tools/create')
        .field('title', `Carnet de bord ${RUN}`).field('description', 'Créé sur A.')
        .field('type', String(typeId)).field('category', String(categoryId)).field('difficulty', 'Simple')
        .attach('toolFile', SAMPLE_PDF, 'carnet.pdf')
        .attach('images[]', samplePng(8, 8, [255, 0, 0]), 'rouge.png')
        .attach('images[]', samplePng(8, 8, [0, 0, 255]), 'bleu.png')
        .expect(200);
      const { id, slug } = created.body as { id: number; slug: string };
      expect((await pageOn(A)).tools.map((t) => t.id)).toEqual([id]);
      expect((await sheetOn(A, slug)).body.tool?.name).toBe(`Carnet de bord ${RUN}`);
      await onEvery(async (base) => {
        expect((await pageOn(base)).tools.map((t) => t.id)).toEqual([id]);
        expect((await sheetOn(base, id)).status).toBe(200);
      });
      const images = (await sheetOn(A, id)).body.tool!.images.map((i) => i.id);
      expect(images).toHaveLength(2);

      // Rename and reverse the images on B.
      const renamed = await adminForm(B, '/admin/tools/update')
        .field('toolId', String(id)).field('title', `Journal de bord ${RUN}`).field('description', 'Renommé sur B.')
        .field('images[]', images[1]).field('images[]', images[0])
        .expect(200);
      const newSlug = (renamed.body as { slug: string }).slug;
      expect(newSlug).not.toBe(slug);
      expect((await sheetOn(B, newSlug)).body.tool).toMatchObject({ id, name: `Journal de bord ${RUN}`, images: [{ id: images[1] }, { id: images[0] }] });
      await onEvery(async (base) => {
        expect((await pageOn(base)).tools).toMatchObject([{ id, name: `Journal de bord ${RUN}` }]);
        expect((await sheetOn(base, id)).body.tool?.images.map((i) => i.id)).toEqual([images[1], images[0]]);
        expect((await sheetOn(base, newSlug)).status).toBe(200);
        // The former slug now leads to the new address.
        expect((await sheetOn(base, slug)).body).toEqual({ url: `/toolspage/${newSlug}` });
      });

      // Delete on A.
      await request(A).post('/admin/tools/delete').set({ userEmail: admin.email, userToken: admin.token }).send({ toolId: id }).expect(200);
      expect((await sheetOn(A, id)).status).toBe(404);
      await onEvery(async (base) => {
        expect(await pageOn(base)).toMatchObject({ tools: [], total: 0 });
        expect((await sheetOn(base, id)).status).toBe(404);
      });
    });

    it('a favourite toggled on one instance shows as isFavorite on every instance, and a guest\'s copy revalidates after a change', async () => {
      const tool = await createTestTool({ dataSource, config }, { categoryId, typeId, name: `Fiche favorite ${RUN}` });
      const headers = { userEmail: member.email, userToken: member.token };
      await onEvery(async (base) => expect((await pageOn(base)).tools.map((t) => t.id)).toContain(tool.id));
      const guestCopy = await request(B).get(`/tools/${tool.id}`).expect(200);
      const etag = guestCopy.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      await request(B).get(`/tools/${tool.id}`).set('If-None-Match', etag).expect(304);

      await request(A).post('/api/favorites/create').set(headers).send({ toolId: tool.id }).expect(200);
      expect((await sheetOn(A, tool.id, headers)).body.tool?.isFavorite).toBe(true);
      await onEvery(async (base) => {
        expect((await sheetOn(base, tool.id, headers)).body.tool?.isFavorite).toBe(true);
        expect((await pageOn(base, headers)).tools.find((t) => t.id === tool.id)?.isFavorite).toBe(true);
        const onlyFavorites = (await request(base).get('/api/tools?onlyFavorites=true').set(headers).expect(200)).body as { tools: Array<{ id: number }> };
        expect(onlyFavorites.tools.map((t) => t.id)).toContain(tool.id);
      });
      // A member's answer is never for a shared cache; the guest's answer did not change.
      const mine = await request(B).get(`/tools/${tool.id}`).set(headers).expect(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      await request(B).get(`/tools/${tool.id}`).set('If-None-Match', etag).expect(304);

      await request(B).post('/api/favorites/delete').set(headers).send({ toolId: tool.id }).expect(200);
      await onEvery(async (base) => expect((await sheetOn(base, tool.id, headers)).body.tool?.isFavorite).toBe(false));

      // A change of the tool (here in SQL, as any writer could) gives guests a new ETag everywhere.
      await dataSource.query(`UPDATE tool SET description = 'Nouvelle description' WHERE id = $1`, [tool.id]);
      await onEvery(async (base) => {
        const res = await request(base).get(`/tools/${tool.id}`).set('If-None-Match', etag);
        expect(res.status).toBe(200);
        expect(res.body.tool.description).toBe('Nouvelle description');
      });
    });
  });
});
