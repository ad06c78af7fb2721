import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { PageRenderer, ServerRenderingConfig } from '@outils/contracts';
import { createWebApp, MissingWebBuildError, WebAppConfig } from './web-app';

/** apps/web/index.html as the build keeps it (its head markers, `#root`). */
const INDEX = readFileSync(join(__dirname, '../../web/index.html'), 'utf8');

/**
 * The web server in process: its answers that depend on the app's route table and its build only.
 * No API answers here (an address nothing listens on): heads fall back to the site's defaults.
 */
describe('web server (in process)', () => {
  let dir: string;
  const config = (): WebAppConfig => ({
    distDir: dir,
    runtime: { apiUrl: 'http://api.outils.test', analyticsScriptUrl: null, productionHost: null },
    apiInternalUrl: 'http://127.0.0.1:9',
    http: { trustProxy: 'loopback' },
  });

  /** A renderer that leaves every page to the browser. */
  const plain = { loadRenderer: async (): Promise<PageRenderer> => ({ configureServerRendering: () => undefined, renderPage: async () => null }) };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'outils-web-app-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'server'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)\n//# sourceMappingURL=app-1a2b.js.map');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret"]}');
    writeFileSync(join(dir, 'server', 'entry-server.mjs'), 'export function renderPage() {}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers « Pour vous » 200 and a path of no page 404 with the app’s page, noindex (docs/product/rules.md#R800)', async () => {
    const app = createWebApp(config(), plain);
    const forYou = await request(app).get('/toolspage/for-you').expect(200);
    expect(forYou.text).toContain('<div id="root"></div>');
    expect(forYou.text).not.toContain('noindex');
    const unknown = await request(app).get('/zzz').expect(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.text).toContain('<div id="root"></div>');
    expect(unknown.text).toContain('<meta data-static-meta name="robots" content="noindex" />');
    // HEAD answers the same status.
    await request(app).head('/zzz').expect(404);
    await request(app).head('/toolspage').expect(200);
  });

  it('never serves a source map, in any folder or spelling (docs/product/rules.md#R803)', async () => {
    const app = createWebApp(config(), plain);
    await request(app).get('/assets/app-1a2b.js').expect(200);
    for (const path of ['/assets/app-1a2b.js.map', '/assets/APP-1A2B.JS.MAP', '/app-1a2b.js.map', '/assets/inconnu.js.map']) {
      const res = await request(app).get(path);
      expect({ path, status: res.status, body: res.text }).toEqual({ path, status: 404, body: 'Introuvable' });
    }
  });

  it('writes /config.js from the runtime settings only (never the API’s internal address)', async () => {
    const res = await request(createWebApp(config(), plain)).get('/config.js').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe('window.__OUTILS_CONFIG__ = {"apiUrl":"http://api.outils.test","analyticsScriptUrl":null,"productionHost":null};\n');
  });

  it('renders through the PageRenderer contract, configured once with the API reached by the server', async () => {
    const seen: { config?: ServerRenderingConfig; urls: string[] } = { urls: [] };
    const renderer: PageRenderer = {
      configureServerRendering: (c) => void (seen.config = c),
      renderPage: async (url) => (seen.urls.push(url), { html: `<h1>${url}</h1>`, data: '{}' }),
    };
    const app = createWebApp(config(), { loadRenderer: async () => renderer });
    const res = await request(app).get('/toolspage?q=cyber').expect(200);
    expect(res.text).toContain('<div id="root" data-server-rendered><h1>/toolspage?q=cyber</h1></div><script type="application/json" id="outils-page-data">{}</script>');
    await request(app).get('/about').expect(200);
    expect(seen).toEqual({ config: { ...config().runtime, serverApiUrl: 'http://127.0.0.1:9' }, urls: ['/toolspage?q=cyber', '/about'] });
  });

  it('sends the plain page when the build’s renderer does not offer the contract’s functions', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const app = createWebApp(config(), { loadRenderer: async () => ({ renderPage: async () => ({ html: '<h1>x</h1>', data: '{}' }) }) });
      const res = await request(app).get('/toolspage').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/configureServerRendering et renderPage/));
    } finally {
      errors.mockRestore();
    }
  });

  it('refuses to start without a web build, saying how to make one', () => {
    expect(() => createWebApp({ ...config(), distDir: join(dir, 'absent') })).toThrow(MissingWebBuildError);
    expect(() => createWebApp({ ...config(), distDir: join(dir, 'absent') })).toThrow(/npx nx run web:build/);
  });
});
