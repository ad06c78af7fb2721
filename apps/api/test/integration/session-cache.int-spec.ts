import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventually, waitUntil } from '@outils/server-testing';
import { createApp } from '../../src/app.factory';
import { SessionsRepository } from '../../src/common/auth/sessions.repository';
import { createTestUser, TestUser } from '../factories/user.factory';
import { testConfig } from '../setup/test-app';

/**
 * docs/product/rules.md#R839: each API instance believes a session it checked for 30 seconds, and
 * forgets it as soon as the database says it ended, whichever instance (or SQL console) ended it.
 * Two instances built as in production on the run's database, called over HTTP. Each wait is
 * bounded well under the 30 seconds a forgotten notification would leave a session believed.
 */
const BOUND = { timeoutMs: 5_000 };

describe('sessions believed for 30 s, forgotten on every instance when they end (R839)', () => {
  const apps: INestApplication[] = [];
  let A: string;
  let B: string;
  let dataSource: DataSource;
  const sessionsOf = (i: number) => apps[i].get(SessionsRepository);

  beforeAll(async () => {
    const config = testConfig({ RATE_LIMIT_ENABLED: 'false' });
    for (let i = 0; i < 2; i += 1) {
      const app = await createApp(config);
      await app.listen(0, '127.0.0.1');
      apps.push(app);
    }
    [A, B] = await Promise.all(apps.map(async (app) => (await app.getUrl()).replace('[::1]', '127.0.0.1')));
    dataSource = apps[0].get(DataSource);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** A member whose session instance B has checked and now believes without asking the database. */
  async function believedOnB(member: TestUser, token = member.token): Promise<Record<string, string>> {
    const headers = { userEmail: member.email, userToken: token };
    await waitUntil(async () => {
      await request(B).get('/api/user/show').set(headers).expect(200);
      return sessionsOf(1).believes(token);
    }, { what: 'instance B believing the session' });
    return headers;
  }

  it('B believes a session it checked: a change the notification does not carry is not seen for a while', async () => {
    const member = await createTestUser(dataSource);
    const headers = await believedOnB(member);
    // Expiry moved by hand (no product path does this): A asks the database, B believes its copy.
    await dataSource.query(`UPDATE auth_session SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [member.user.id]);
    await request(A).get('/api/user/show').set(headers).expect(401);
    await request(B).get('/api/user/show').set(headers).expect(200);
  });

  it('a logout through A refuses the same token on B at once', async () => {
    const member = await createTestUser(dataSource);
    const headers = await believedOnB(member);
    await request(A).post('/api/logout').set(headers).expect(200);
    await request(A).get('/api/user/show').set(headers).expect(401);
    await eventually(async () => {
      await request(B).get('/api/user/show').set(headers).expect(401);
    }, BOUND);
    expect(sessionsOf(1).believes(member.token)).toBe(false);
  });

  it('a password change through A ends every session of the member on B', async () => {
    const member = await createTestUser(dataSource);
    const other = (await request(A).post('/api/login').send({ username: member.email, password: member.password }).expect(200)).body.token as string;
    const headers = await believedOnB(member);
    const otherHeaders = await believedOnB(member, other);
    await request(A).post('/api/user/update').set(headers)
      .send({ password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2026!', oldPassword: member.password }).expect(200);
    await eventually(async () => {
      await request(B).get('/api/user/show').set(headers).expect(401);
      await request(B).get('/api/user/show').set(otherHeaders).expect(401);
    }, BOUND);
  });

  it('an account deleted through A is refused on B', async () => {
    const member = await createTestUser(dataSource);
    const headers = await believedOnB(member);
    await request(A).post('/api/user/delete').set(headers).send({ oldPassword: member.password }).expect(200);
    await eventually(async () => {
      await request(B).get('/api/user/show').set(headers).expect(401);
    }, BOUND);
  });

  it('a session revoked in the database (a SQL console, the CLI) is refused on both instances', async () => {
    const member = await createTestUser(dataSource);
    const headers = await believedOnB(member);
    await dataSource.query(`DELETE FROM auth_session WHERE user_id = $1`, [member.user.id]);
    await eventually(async () => {
      await request(B).get('/api/user/show').set(headers).expect(401);
    }, BOUND);
    await request(A).get('/api/user/show').set(headers).expect(401);
  });

  it('a new address is believed at once; the former one, once the change is known, no more', async () => {
    const member = await createTestUser(dataSource);
    const headers = await believedOnB(member);
    const newEmail = `nouvelle-${member.email}`;
    await dataSource.query(`UPDATE app_user SET email = $2 WHERE id = $1`, [member.user.id, newEmail]);
    // The new address never waits for the notification: a mismatch asks the database again.
    await request(B).get('/api/user/show').set({ userEmail: newEmail, userToken: member.token }).expect(200);
    await eventually(async () => {
      await request(B).get('/api/user/show').set(headers).expect(401);
    }, BOUND);
  });

  it('an admin route asks the database every time: a demoted admin gets 403 on B at once', async () => {
    const admin = await createTestUser(dataSource, { isAdmin: true });
    await request(B).get('/api/tools?max=5').set(admin.headers).expect(200);
    await believedOnB(admin);
    await request(B).get('/admin/stats').set(admin.headers).expect(200);
    await dataSource.query(`UPDATE app_user SET is_admin = false WHERE id = $1`, [admin.user.id]);
    await request(B).get('/admin/stats').set(admin.headers).expect(403);
  });
});
