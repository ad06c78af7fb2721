import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { PageRenderer } from '@outils/contracts';
import { createWebApp } from './web-app';

const INDEX = readFileSync(join(__dirname, '../../web/index.html'), 'utf8');

/** The partners' embed script as other sites load it (docs/product/rules.md#R994). */
describe('web server: /embed.js', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'outils-embed-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const app = () =>
    createWebApp(
      { distDir: dir, runtime: { apiUrl: 'https://api.outils.test', analyticsScriptUrl: null, productionHost: null }, apiInternalUrl: 'http://127.0.0.1:9', http: { trustProxy: 'loopback' } },
      { loadRenderer: async (): Promise<PageRenderer> => ({ configureServerRendering: () => undefined, renderPage: async () => null }) },
    );

  it('is JavaScript any site may load, sets no cookie, names only the API, and weighs under 30 KB gzip', async () => {
    const res = await request(app()).get('/embed.js').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain('"https://api.outils.test"');
    expect(res.text).toContain('attachShadow');
    expect(res.text).toContain("credentials: 'omit'");
    // No address of anyone else: the only origin in the script is the API's.
    const origins = new Set(res.text.match(/https?:\/\/[a-z0-9.-]+/gi));
    expect([...origins]).toEqual(['https://api.outils.test']);
    expect(gzipSync(res.text).length).toBeLessThan(30 * 1024);
  });
});
