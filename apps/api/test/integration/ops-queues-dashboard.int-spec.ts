import { getQueueToken } from '@nestjs/bullmq';
import { Queue, Worker } from 'bullmq';
import request from 'supertest';
import { Queues, bullConnectionOptions } from '@outils/server-jobs';
import { createTestUser, TestUser } from '../factories/user.factory';
import { TestApp } from '../setup/test-app';
import { useTestApp } from '../support/suite-app';

/** Opens a dashboard link the way a browser does and returns the cookie it set. */
async function openDashboard(t: TestApp, admin: TestUser): Promise<string> {
  const { body } = await request(t.http).post('/admin/queues/link').set(admin.headers).expect(200);
  const res = await request(t.http).get(new URL(body.url).pathname + new URL(body.url).search).expect(200);
  return String(res.headers['set-cookie']).split(';')[0];
}

describe('queue dashboard at /admin/queues (real PostgreSQL and Redis)', () => {
  const t = useTestApp();
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
  });

  it('answers a guest with a French 401 and a member with a French 403', async () => {
    expect((await request(t.http).get('/admin/queues').expect(401)).body.message).toMatch(/administration/);
    await request(t.http).get('/admin/queues/api/queues').expect(401);
    await request(t.http).post('/admin/queues/link').expect(401);
    expect((await request(t.http).post('/admin/queues/link').set(member.headers).expect(403)).body).toEqual({ message: 'Accès non autorisé' });
    await request(t.http).get('/admin/queues').set(member.headers).expect(403);
  });

  it('gives an admin a 10-minute, single-use link that sets a strict HttpOnly cookie', async () => {
    const { body } = await request(t.http).post('/admin/queues/link').set(admin.headers).expect(200);
    expect(body.url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/admin\/queues\/link\?token=[\w-]+\.[\w-]+$/);
    const path = new URL(body.url).pathname + new URL(body.url).search;

    const opened = await request(t.http).get(path).expect(200);
    const cookie = String(opened.headers['set-cookie']);
    expect(cookie).toMatch(/^outils_queues=[\w-]+\.[\w-]+; /);
    expect(cookie).toContain('Path=/admin/queues');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(opened.text).toContain('url=/admin/queues');

    expect((await request(t.http).get(path).expect(401)).body.message).toMatch(/expiré ou a déjà servi/);
    await request(t.http).get('/admin/queues/link?token=abc.def').expect(401);
  });

  it('serves Bull Board to the cookie holder, with a policy that lets its UI load', async () => {
    const cookie = await openDashboard(t, admin);
    const page = await request(t.http).get('/admin/queues').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<base href="/admin/queues/"');
    expect(page.text).toContain('Files d’attente — Outils');
    expect(page.headers['content-security-policy']).toContain('fonts.googleapis.com');
    const asset = /src="(static\/js\/main\.[\w.]+\.js)"/.exec(page.text)?.[1];
    await request(t.http).get(`/admin/queues/${asset}`).set('Cookie', cookie).expect(200);

    const { body } = await request(t.http).get('/admin/queues/api/queues').set('Cookie', cookie).expect(200);
    expect(body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['files', 'housekeeping', 'mail', 'newsletter']);

    // The signature's first character carries six significant bits (its last one carries only
    // four: changing it can leave the decoded bytes as they were).
    const tampered = cookie.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    await request(t.http).get('/admin/queues').set('Cookie', tampered).expect(401);
  });

  it('shows a failed mail and retries it', async () => {
    const cookie = await openDashboard(t, admin);
    const mail = t.app.get<Queue>(getQueueToken(Queues.mail), { strict: false });
    const jobId = `ops-failed-${Date.now()}`;
    await mail.add('send-activation-mail', { to: 'x@example.com', firstName: 'X', activationUrl: 'http://x' }, { jobId, attempts: 1, lifo: true });
    // A worker of our own takes exactly that job (LIFO) and fails it, as a dead SMTP server would.
    const worker = new Worker(Queues.mail, undefined, {
      autorun: false,
      // bullmq 6's connection type does not accept ioredis' RedisOptions as libs/server/jobs builds them (types only).
      connection: bullConnectionOptions(t.config.redis.url, 'worker'),
      prefix: t.config.redis.prefix,
    });
    try {
      const job = await worker.getNextJob('ops-test');
      expect(job?.id).toBe(jobId);
      await job!.moveToFailed(new Error('SMTP injoignable'), 'ops-test', false);
    } finally {
      await worker.close();
    }

    const { body } = await request(t.http)
      .get('/admin/queues/api/queues?activeQueue=mail&status=failed&page=1')
      .set('Cookie', cookie)
      .expect(200);
    const queue = body.queues.find((q: { name: string }) => q.name === 'mail');
    expect(queue.counts.failed).toBeGreaterThanOrEqual(1);
    expect(queue.jobs.map((j: { id: string; failedReason: string }) => [j.id, j.failedReason])).toContainEqual([jobId, 'SMTP injoignable']);

    await request(t.http).put(`/admin/queues/api/queues/mail/${jobId}/retry`).set('Cookie', cookie).expect(204);
    expect(await (await mail.getJob(jobId))!.getState()).toBe('waiting');
    await (await mail.getJob(jobId))!.remove();
  });

  it('closes the dashboard when the admin is demoted or logs out', async () => {
    const other = await createTestUser(t.dataSource, { isAdmin: true });
    const cookie = await openDashboard(t, other);
    await request(t.http).get('/admin/queues').set('Cookie', cookie).expect(200);
    await t.dataSource.query(`UPDATE app_user SET is_admin = false WHERE id = $1`, [other.user.id]);
    await request(t.http).get('/admin/queues').set('Cookie', cookie).expect(403);
    await t.dataSource.query(`DELETE FROM auth_session WHERE user_id = $1`, [other.user.id]);
    await request(t.http).get('/admin/queues').set('Cookie', cookie).expect(401);
  });
});
