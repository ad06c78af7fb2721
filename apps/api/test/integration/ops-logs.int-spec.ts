import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestTool } from '../factories/tool.factory';
import { createTestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * Every pino logger the application creates writes to an in-memory stream as well as nowhere
 * else, so that the test reads the exact JSON lines production would print. Test-only: the
 * application code is unchanged.
 */
jest.mock('pino', () => {
  const actual = jest.requireActual('pino');
  const { Writable } = jest.requireActual('node:stream');
  const lines: string[] = ((globalThis as Record<string, unknown>).__opsLogLines as string[]) ?? [];
  (globalThis as Record<string, unknown>).__opsLogLines = lines;
  const capture = new Writable({
    write(chunk: Buffer, _encoding: string, done: () => void) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const pino = (options: unknown, stream?: unknown) => actual.pino(options, stream ?? capture);
  return Object.assign(pino, actual, { pino, default: pino });
});

const logLines = () => (globalThis as Record<string, unknown>).__opsLogLines as string[];

async function linkFromOutbox(db: DataSource, jobName: string, email: string, field: string): Promise<URL> {
  const rows: Array<{ payload: Record<string, string> }> = await db.query(
    `SELECT payload FROM outbox_message WHERE job_name = $1 AND payload->>'to' = $2 ORDER BY id DESC LIMIT 1`,
    [jobName, email],
  );
  if (!rows[0]?.payload[field]) throw new Error(`no ${jobName} for the test address in the outbox`);
  return new URL(rows[0].payload[field]);
}

describe('logs: no password, token or full e-mail address in any line (issue 9)', () => {
  const t = useTestApp({ env: { LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false' } });

  it('on a whole sign-up → activation → login → forgot → reset journey', async () => {
    const email = `journal-${randomBytes(4).toString('hex')}@example.com`;
    const password = `Journal-${randomBytes(3).toString('hex')}-1!`;
    const newPassword = `Nouveau-${randomBytes(3).toString('hex')}-2!`;
    const secrets: string[] = [email, password, newPassword];
    const before = logLines().length;

    await request(t.http)
      .post('/api/user/new')
      .send({ lastName: 'Journal', firstName: 'Jeanne', mail: email, password, passwordConfirm: password, newsletter: false })
      .expect(200);
    // A second sign-up with the same address: a 400 that names the field, not the address.
    await request(t.http).post('/api/user/new').send({ lastName: 'J', firstName: 'J', mail: email, password, passwordConfirm: password }).expect(400);

    const activation = await linkFromOutbox(t.dataSource, 'send-activation-mail', email, 'activationUrl');
    const activationToken = activation.searchParams.get('token')!;
    secrets.push(activationToken);
    await request(t.http).get('/api/user/confirm').set({ email, token: activationToken }).expect(200);

    await request(t.http).post('/api/login').send({ username: email, password: 'Mauvais-mot-2026!' }).expect(401);
    const login = await request(t.http).post('/api/login').type('form').send({ username: email, password }).expect(200);
    const sessionToken: string = login.body.token;
    secrets.push(sessionToken);
    await request(t.http).get('/api/user/show').set({ userEmail: email, userToken: sessionToken }).expect(200);
    await request(t.http).get(`/api/tools?storedMail=${encodeURIComponent(email)}&storedToken=${sessionToken}`);

    await request(t.http).post('/api/password/send_forgot_email').send({ email }).expect(200);
    const reset = await linkFromOutbox(t.dataSource, 'send-password-reset-mail', email, 'resetUrl');
    const resetToken = reset.searchParams.get('token')!;
    secrets.push(resetToken);
    await request(t.http).post('/api/password/reset').send({ email, token: resetToken, password: newPassword, passwordConfirm: newPassword }).expect(200);
    // The used link again: refused, and still not logged.
    await request(t.http).post('/api/password/reset').send({ email, token: resetToken, password: newPassword, passwordConfirm: newPassword }).expect(400);
    await request(t.http).post('/api/login').send({ username: email, password: newPassword }).expect(200);

    await new Promise((resolve) => setImmediate(resolve));
    const lines = logLines().slice(before);
    // The capture works: one line per request at least, each with id, route, status and duration.
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req && entry.res);
    expect(requests.length).toBeGreaterThanOrEqual(11);
    for (const entry of requests) {
      expect(entry.req).toEqual({ id: expect.any(String), method: expect.any(String), path: expect.any(String) });
      expect(entry.res.statusCode).toEqual(expect.any(Number));
      expect(entry.responseTime).toEqual(expect.any(Number));
    }
    expect(requests.find((entry) => entry.req.path === '/api/user/show')).toMatchObject({ route: '/api/user/show', userId: expect.any(String) });

    for (const line of lines) {
      expect(line.match(/"route":/g)?.length ?? 0).toBeLessThanOrEqual(1);
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toContain(encodeURIComponent(email));
      expect(line.toLowerCase()).not.toMatch(/"(password|passwordconfirm|token|usertoken|storedtoken)":"(?!\[masqué\])/);
    }
  });

  it('writes one request line for each kept read the first layer answers, with its route, the member and the id sent back (R836, R862)', async () => {
    const member = await createTestUser(t.dataSource);
    const tool = await createTestTool(t, { name: 'Outil du journal' });
    const listing = '/api/tools?page=1&journal=1';
    await request(t.http).get(listing).expect(200); // the route validates and keeps the query string
    const before = logLines().length;
    const asked = [
      await request(t.http).get(listing).expect(200),
      await request(t.http).get(`/tools/${tool.slug}`).expect(200),
      await request(t.http).get('/api/filters').expect(200),
      await request(t.http).get(listing).set(member.headers).expect(200),
      await request(t.http).get(listing).set(member.headers).expect(200),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    const entries = logLines().slice(before).map((line) => JSON.parse(line)).filter((entry) => entry.req && entry.res);
    expect(entries.map((entry) => [entry.msg, entry.req.path, entry.route, entry.res.statusCode, entry.userId])).toEqual([
      ['request completed', '/api/tools', '/api/tools', 200, undefined],
      ['request completed', `/tools/${tool.slug}`, '/tools/:idOrSlug', 200, undefined],
      ['request completed', '/api/filters', '/api/filters', 200, undefined],
      ['request completed', '/api/tools', '/api/tools', 200, member.user.id],
      ['request completed', '/api/tools', '/api/tools', 200, member.user.id],
    ]);
    expect(entries.map((entry) => entry.req.id)).toEqual(asked.map((res) => res.headers['x-request-id']));
  });

  it('masks share tokens and signed links: a shared folder\'s token is never in a request line, nor any signature (R783)', async () => {
    const member = await createTestUser(t.dataSource);
    const tool = await createTestTool(t, { name: 'Outil partagé' });
    const before = logLines().length;
    const folder = (await request(t.http).post('/api/folders/create').set(member.headers).send({ name: 'Partagé', toolId: tool.id }).expect(200)).body.folder;
    const shareToken: string = (await request(t.http).post(`/api/folders/${folder.id}/share`).set(member.headers).expect(200)).body.folder.shareToken;
    await request(t.http).get(`/api/shared-folders/${shareToken}`).expect(200);
    const zipUrl = new URL((await request(t.http).get(`/api/shared-folders/${shareToken}/download`).expect(200)).body.url);
    await request(t.http).get(`${zipUrl.pathname}${zipUrl.search}`);
    const unknown = randomBytes(32).toString('base64url');
    await request(t.http).get(`/api/shared-folders/${unknown}`).expect(404);
    await request(t.http).get(`/api/shared-folders/${unknown}/nothing-here`).expect(404);
    const exportUrl = new URL((await request(t.http).post('/api/user/export').set(member.headers).expect(200)).body.url);
    await request(t.http).get(`${exportUrl.pathname}${exportUrl.search}`).expect(200);
    await request(t.http).get(`/api/user/confirm?email=${encodeURIComponent(member.email)}&token=${unknown}`);

    await new Promise((resolve) => setImmediate(resolve));
    const lines = logLines().slice(before);
    const paths = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req).map((entry) => entry.req.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/shared-folders/[masqué]', '/api/shared-folders/[masqué]/download', '/api/shared-folders/[masqué]/nothing-here', '/folders/zip', '/api/user/export/file']));
    const secrets = [shareToken, unknown, zipUrl.searchParams.get('signature')!, zipUrl.searchParams.get('n')!, exportUrl.searchParams.get('s')!];
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
  });
});
