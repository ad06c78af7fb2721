import request from 'supertest';
import { ActivityAreaEntity, UserEntity } from '@outils/server-db';
import { DEMO_ACTIVITY_AREAS, seedAccounts } from '@outils/server-db/seed';
import { loadConfig } from '@outils/server-config';
import { accountsTestEnv, uniqueEmail } from '../factories/accounts.factory';
import { useTestApp } from '../support/suite-app';

/** The accounts part of the demo seed (docs/product/rules.md#R169, docs/product/rules.md#R171): 8 activity areas and the demo admin. */
describe('accounts seed', () => {
  const t = useTestApp({ env: accountsTestEnv('seed') });

  it('inserts the activity areas and an activated admin once, then keeps them as they are', async () => {
    const email = uniqueEmail('Admin.Demo');
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DATABASE_URL, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Admin-Outils-2026!' });

    const first = await seedAccounts(t.dataSource, config);
    expect(first).toContain(`Admin de démonstration : ${email.toLowerCase()} / Admin-Outils-2026!`);
    const names = (await t.dataSource.getRepository(ActivityAreaEntity).find()).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining([...DEMO_ACTIVITY_AREAS]));
    expect(DEMO_ACTIVITY_AREAS).toHaveLength(8);

    const second = await seedAccounts(t.dataSource, config);
    expect(second).toEqual([
      "Secteurs d'activité : 8 (0 ajouté)",
      `Admin de démonstration : ${email.toLowerCase()} (compte existant, mot de passe inchangé)`,
    ]);
    expect(await t.dataSource.getRepository(UserEntity).countBy({ email: email.toLowerCase() })).toBe(1);

    // The admin logs in through the API and is an admin.
    const login = await request(t.http).post('/api/login').send({ username: email, password: 'Admin-Outils-2026!' }).expect(200);
    const show = await request(t.http).get('/api/user/show').set({ userEmail: login.body.user, userToken: login.body.token }).expect(200);
    expect(show.body.userData).toMatchObject({ isAdmin: true, email: email.toLowerCase() });

    const activities = await request(t.http).get('/api/activities').expect(200);
    expect(activities.body.activities.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining([...DEMO_ACTIVITY_AREAS]));
  });

  it('creates no admin without ADMIN_EMAIL / ADMIN_PASSWORD (production)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DATABASE_URL });
    const lines = await seedAccounts(t.dataSource, { ...config, admin: {} });
    expect(lines[1]).toBe('Admin de démonstration : aucun (ADMIN_EMAIL / ADMIN_PASSWORD non définis)');
  });
});
