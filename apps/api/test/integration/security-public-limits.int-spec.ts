import request from 'supertest';
import { CommonMessages } from '@outils/contracts';
import { PublicRateLimits } from '../../src/common/rate-limit/public-rate-limits';
import { MyDataRateLimits } from '../../src/modules/my-data/my-data.service';
import { binary, downloadCounts, pathOf } from '../factories/downloads';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * Public writes have a per-IP budget (429, Retry-After, French message), and a signed link
 * counts one download however often it is fetched (docs/product/rules.md#R103). Each test is its own client
 * (X-Forwarded-For from the loopback proxy is trusted); the app has a Redis prefix of its own.
 */
describe('public writes: per-IP limits and one download per signed link (real PostgreSQL and Redis)', () => {
  const t = useTestApp();
  let tool: TestTool;
  let ip = 0;
  const newIp = () => `192.0.2.${++ip}`;

  beforeAll(async () => {
    tool = await createTestTool(t);
  });

  const counts = (toolId: number) => downloadCounts(t.dataSource, toolId);

  /** Sends `send` until the first 429; returns how many passed and the refusal. */
  async function untilRefused(send: (i: number) => request.Test, max: number) {
    for (let i = 0; i < max; i += 1) {
      const res = await send(i);
      if (res.status === 429) return { passed: i, refusal: res };
      expect(res.status).toBeLessThan(400);
    }
    return { passed: max, refusal: null };
  }

  function expectRefusal(res: request.Response | null) {
    expect(res?.status).toBe(429);
    const body = Buffer.isBuffer(res?.body) ? JSON.parse(res.body.toString('utf8')) : res?.body;
    expect(body).toEqual({ message: CommonMessages.tooManyRequestsFromIp });
    expect(Number(res?.headers['retry-after'])).toBeGreaterThan(0);
  }

  it(`newsletter: ${PublicRateLimits.newsletter.perIp.points} registrations per IP per hour, then 429; another IP is not affected`, async () => {
    const client = newIp();
    const { passed, refusal } = await untilRefused(
      (i) => request(t.http).post('/api/mailjet/register').set('X-Forwarded-For', client).send({ email: `rafale-${i}-${Date.now()}@example.com`, consent: true }),
      50,
    );
    expect(passed).toBe(PublicRateLimits.newsletter.perIp.points);
    expectRefusal(refusal);
    const stored = await t.dataSource.query(`SELECT count(*)::int AS n FROM newsletter_subscriber WHERE email LIKE 'rafale-%'`);
    expect(stored[0].n).toBe(PublicRateLimits.newsletter.perIp.points);
    await request(t.http).post('/api/mailjet/register').set('X-Forwarded-For', newIp()).send({ email: `voisin-${Date.now()}@example.com` }).expect(200);
  });

  it(`download links: ${PublicRateLimits.downloadLink.perIp.points} per IP per 10 minutes, then 429`, async () => {
    const client = newIp();
    const { passed, refusal } = await untilRefused(
      () => request(t.http).get(`/tools/download?toolId=${tool.id}`).set('X-Forwarded-For', client),
      PublicRateLimits.downloadLink.perIp.points + 5,
    );
    expect(passed).toBe(PublicRateLimits.downloadLink.perIp.points);
    expectRefusal(refusal);
  });

  it('a signed link counts one download however often it is fetched; each new link counts one more', async () => {
    const before = await counts(tool.id);
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).set('X-Forwarded-For', newIp()).expect(200);
    for (let i = 0; i < 5; i += 1) {
      await request(t.http).get(pathOf(link.url)).set('X-Forwarded-For', newIp()).buffer(true).parse(binary).expect(200);
    }
    expect(await counts(tool.id)).toEqual({ count: before.count + 1, logs: before.logs + 1 });
    const { body: second } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).set('X-Forwarded-For', newIp()).expect(200);
    await request(t.http).get(pathOf(second.url)).set('X-Forwarded-For', newIp()).buffer(true).parse(binary).expect(200);
    expect(await counts(tool.id)).toEqual({ count: before.count + 2, logs: before.logs + 2 });
  });

  it(`counted downloads: ${PublicRateLimits.downloadFile.perIp.points} files per IP per 10 minutes, then 429`, async () => {
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).set('X-Forwarded-For', newIp()).expect(200);
    const client = newIp();
    const { passed, refusal } = await untilRefused(
      () => request(t.http).get(pathOf(link.url)).set('X-Forwarded-For', client).buffer(true).parse(binary),
      PublicRateLimits.downloadFile.perIp.points + 5,
    );
    expect(passed).toBe(PublicRateLimits.downloadFile.perIp.points);
    expectRefusal(refusal);
  });

  it(`favourites: ${PublicRateLimits.favourites.perIp.points} changes per IP per 10 minutes, then 429`, async () => {
    const member = await createTestUser(t.dataSource);
    const client = newIp();
    const { passed, refusal } = await untilRefused(
      (i) => request(t.http).post(i % 2 ? '/api/favorites/delete' : '/api/favorites/create').set(member.headers).set('X-Forwarded-For', client).send({ toolId: tool.id }),
      PublicRateLimits.favourites.perIp.points + 5,
    );
    expect(passed).toBe(PublicRateLimits.favourites.perIp.points);
    expectRefusal(refusal);
  });

  it(`data export files: ${MyDataRateLimits.file.perIp.points} fetches per IP per hour, forged links included, then 429`, async () => {
    const client = newIp();
    const statuses: number[] = [];
    let refusal: request.Response | null = null;
    for (let i = 0; i <= MyDataRateLimits.file.perIp.points; i += 1) {
      const res = await request(t.http).get(`/api/user/export/file?u=forged-${i}`).set('X-Forwarded-For', client);
      if (res.status === 429) refusal = res;
      else statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(MyDataRateLimits.file.perIp.points).fill(403));
    expectRefusal(refusal);
  });
});
