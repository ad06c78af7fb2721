import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../setup/test-app';

const PRODUCTION = {
  NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', DOWNLOAD_URL_SECRET: 'une-cle-de-signature-de-production-0123456789',
  // Production demands the publisher's legal identity (docs/product/rules.md#R195).
  PUBLISHER_NAME: 'Agence de test', PUBLISHER_LEGAL_FORM: 'SAS', PUBLISHER_SIRET: '12345678900012', PUBLISHER_ADDRESS: 'Lyon',
  PUBLISHER_EMAIL: 'contact@agence.example', PUBLICATION_DIRECTOR: 'La présidente', HOSTING_NAME: 'Hébergeur',
  HOSTING_ADDRESS: 'Roubaix', HOSTING_PHONE: '03 00 00 00 00',
};

/** What the public can see and make the API do, beyond the business routes. */
describe('HTTP surface: health, API documentation, trusted proxies, metrics (real PostgreSQL and Redis)', () => {
  describe('health', () => {
    let t: TestApp;
    let storageDir: string;
    beforeAll(async () => {
      storageDir = await mkdtemp(join(tmpdir(), 'outils-ready-'));
      t = await createTestApp({ STORAGE_DIR: storageDir });
    });
    afterAll(async () => {
      await t.close();
      await rm(storageDir, { recursive: true, force: true });
    });

    it('/health/ready writes nothing, however often it is called', async () => {
      const before = await readdir(storageDir, { recursive: true });
      for (let i = 0; i < 3; i += 1) await request(t.http).get('/health/ready').expect(200);
      expect(await readdir(storageDir, { recursive: true })).toEqual(before);
    });

    it('shows statuses only: no raw error reaches the public when a check fails', async () => {
      const notAFolder = join(storageDir, 'pas-un-dossier');
      await writeFile(notAFolder, 'x');
      const broken = await createTestApp({ STORAGE_DIR: notAFolder });
      try {
        const res = await request(broken.http).get('/health/ready').expect(503);
        expect(res.body).toEqual({
          status: 'error',
          info: { database: { status: 'up' }, redis: { status: 'up' }, migrations: { status: 'up' } },
          details: { database: { status: 'up' }, redis: { status: 'up' }, storage: { status: 'down' }, migrations: { status: 'up' } },
        });
        expect(JSON.stringify(res.body)).not.toMatch(/EEXIST|ENOTDIR|pas-un-dossier|tmp/);
      } finally {
        await broken.close();
      }
    });
  });

  describe('API documentation', () => {
    it('is not served in production, unless API_DOCS=true', async () => {
      const production = await createTestApp(PRODUCTION);
      try {
        await request(production.http).get('/api/docs').expect(404);
        await request(production.http).get('/api/docs-json').expect(404);
      } finally {
        await production.close();
      }
      const withDocs = await createTestApp({ ...PRODUCTION, API_DOCS: 'true' });
      try {
        expect((await request(withDocs.http).get('/api/docs-json').expect(200)).body.info.title).toBe('Outils — API');
      } finally {
        await withDocs.close();
      }
    });
  });

  describe('trusted proxies (TRUST_PROXY)', () => {
    const register = (t: TestApp, forwardedFor: string, i: number) =>
      request(t.http).post('/api/mailjet/register').set('X-Forwarded-For', forwardedFor).send({ email: `proxy-${i}-${Date.now()}@example.com` });

    it('ignores X-Forwarded-For from a sender that is not a trusted proxy: the sender is the client', async () => {
      // The test client is on loopback, which this configuration does not trust.
      const t = await createTestApp({ TRUST_PROXY: '10.9.8.7' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) statuses.push((await register(t, `198.51.100.${i + 1}`, i)).status);
        // Eleven "different" clients were one: the per-IP budget (10 an hour) caught them.
        expect(statuses).toEqual([...Array(10).fill(200), 429]);
      } finally {
        await t.close();
      }
    });

    it('believes the trusted hops only: with TRUST_PROXY=1, the address the proxy saw, not what the client wrote', async () => {
      const t = await createTestApp({ TRUST_PROXY: '1' });
      try {
        // A client cannot pick its address by prepending its own X-Forwarded-For entries.
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) statuses.push((await register(t, `10.0.0.${i + 1}, 203.0.113.50`, i)).status);
        expect(statuses).toEqual([...Array(10).fill(200), 429]);
      } finally {
        await t.close();
      }
    });
  });

  describe('/metrics', () => {
    it('is never served to a request that came through a proxy, even with the right token', async () => {
      const t = await createTestApp({ METRICS_TOKEN: 'jeton-metriques' });
      try {
        await request(t.http).get('/metrics').set('Authorization', 'Bearer jeton-metriques').expect(200);
        for (const header of ['X-Forwarded-For', 'X-Real-IP', 'Forwarded']) {
          await request(t.http).get('/metrics').set('Authorization', 'Bearer jeton-metriques').set(header, '203.0.113.9').expect(403);
        }
      } finally {
        await t.close();
      }
    });
  });
});
