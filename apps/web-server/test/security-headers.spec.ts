import { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startWebServer } from './web-server-process';

const API_URL = 'http://api.outils.test:3000';
const ANALYTICS = 'https://stats.outils.test/js/script.js';

/** The CSP as a map directive → sources, for comparisons that do not depend on spacing. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name, sources]));
}

/**
 * The web app's security headers as the web server sends them, from `npm start` and from the web
 * image, which runs the same program bundled into one file. The browser journeys (apps/web-e2e)
 * run the site under this server, so a policy that broke a page would fail them.
 */
describe('web server security headers (npm start and the web image)', () => {
  let dir: string;
  let server: ChildProcess;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outils-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Outils</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    ({ base, server } = await startWebServer(dir, { API_URL, ANALYTICS_SCRIPT_URL: ANALYTICS, PRODUCTION_HOST: 'outils.test' }));
  });
  afterAll(() => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a strict CSP (the site, the API origin, the analytics origin) and the other headers on pages, assets and /config.js', async () => {
    for (const path of ['/', '/toolspage/un-outil', '/assets/app.js', '/config.js']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'", 'https://stats.outils.test']);
      expect(csp['connect-src']).toEqual(["'self'", API_URL, 'https://stats.outils.test']);
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", API_URL]));
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // Plain HTTP: no HSTS (a browser would ignore it, and local http must keep working).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the page came over HTTPS (X-Forwarded-Proto from a trusted proxy, loopback here)', async () => {
    const viaProxy = await fetch(`${base}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });

  it('the web image runs the same server, bundled into one file (docker/Dockerfile.web), with the same headers', async () => {
    let bundled: ChildProcess | undefined;
    try {
      const dockerfile = readFileSync(join(ROOT, 'docker/Dockerfile.web'), 'utf8');
      expect(dockerfile).toContain('npx nx run-many -t build -p web web-server');
      expect(dockerfile).toContain('COPY --from=build /app/dist/apps/web-server/main.js ./main.js');
      // Node with the image's heap options (docs/product/rules.md#R892): this Node starts the bundle with them.
      const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
      const args = JSON.parse(cmd![1]) as string[];
      expect(args).toEqual(['node', '--max-semi-space-size=8', '--heap-growing-percent=75', 'main.js']);
      const started = await startWebServer(dir, { API_URL, ANALYTICS_SCRIPT_URL: ANALYTICS, PRODUCTION_HOST: 'outils.test' }, { bundle: true, nodeOptions: args.slice(1, -1) });
      bundled = started.server;
      for (const path of ['/', '/config.js']) {
        const [fromImage, fromStart] = await Promise.all([fetch(`${started.base}${path}`), fetch(`${base}${path}`)]);
        expect(fromImage.status).toBe(200);
        expect(directives(fromImage.headers.get('content-security-policy') ?? '')).toEqual(directives(fromStart.headers.get('content-security-policy') ?? ''));
        for (const header of ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options']) expect(fromImage.headers.get(header)).toBe(fromStart.headers.get(header));
      }
      expect(await (await fetch(`${started.base}/config.js`)).text()).toContain(`"apiUrl":"${API_URL}"`);
    } finally {
      bundled?.kill();
    }
  });
});
