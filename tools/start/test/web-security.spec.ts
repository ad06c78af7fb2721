import { ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServeWeb } from './serve-web-process';

const ROOT = resolve(__dirname, '../../..');
const API_URL = 'http://api.outils.test:3000';
const ANALYTICS = 'https://stats.outils.test/js/script.js';

/** The CSP as a map directive → sources, for comparisons that do not depend on spacing. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name, sources]));
}

/**
 * The web app's security headers as the web server (tools/start/serve-web.mjs) sends them, from
 * `npm start` and from the web image, which runs the same server bundled into one file. The
 * browser journeys (apps/web-e2e) run the site under this server, so a policy that broke a page
 * would fail them.
 */
describe('web server security headers (npm start) and the docker web/gateway configurations', () => {
  let dir: string;
  let server: ChildProcess;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outils-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Outils</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    ({ base, server } = await startServeWeb(dir, { API_URL, ANALYTICS_SCRIPT_URL: ANALYTICS, PRODUCTION_HOST: 'outils.test' }));
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
    const out = mkdtempSync(join(tmpdir(), 'outils-web-image-'));
    let bundled: ChildProcess | undefined;
    try {
      const file = join(out, 'serve-web.mjs');
      execFileSync(process.execPath, [join(ROOT, 'tools/start/bundle-web-server.mjs'), file], { stdio: 'ignore' });
      const dockerfile = readFileSync(join(ROOT, 'docker/Dockerfile.web'), 'utf8');
      expect(dockerfile).toContain('node tools/start/bundle-web-server.mjs dist/web-server/serve-web.mjs');
      expect(dockerfile).toMatch(/CMD \["node", "serve-web\.mjs"\]/);
      const started = await startServeWeb(dir, { API_URL, ANALYTICS_SCRIPT_URL: ANALYTICS, PRODUCTION_HOST: 'outils.test' }, file);
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
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('nginx (API gateway): /metrics is unreachable in any spelling, and the access log holds no query string', () => {
    const conf = readFileSync(join(ROOT, 'docker/nginx-api.conf'), 'utf8');
    const rule = /location ~\* (\S+) \{ return 404; \}/.exec(conf);
    expect(rule).not.toBeNull();
    // nginx matches the normalised path (decoded, slashes merged): the same as these.
    const pattern = new RegExp(rule![1], 'i');
    for (const path of ['/metrics', '/METRICS', '/Metrics/', '/metrics/x', '//metrics']) expect(pattern.test(path)).toBe(true);
    for (const path of ['/api/tools', '/tools/metrics-outil', '/metricsx']) expect(pattern.test(path)).toBe(false);
    expectLogsWithoutQuery(conf);
  });

  it('nginx (API gateway): micro-caches public reads only, never a request that carries credentials (docs/product/rules.md#R306)', () => {
    const conf = readFileSync(join(ROOT, 'docker/nginx-api.conf'), 'utf8');
    const cached = /location ~ (\S+) \{\n\s+proxy_cache outils_public;([\s\S]*?)\n  \}/.exec(conf);
    expect(cached).not.toBeNull();
    const pattern = new RegExp(cached![1]);
    for (const path of ['/api/tools', '/api/tools/featured', '/api/filters', '/tools/12', '/tools/plan-de-tresorerie']) expect(pattern.test(path)).toBe(true);
    for (const path of ['/tools/download', '/tools/file', '/tools/images/3f1c2b9e-0000-4000-8000-000000000000', '/api/favorites/create', '/admin/tools/update', '/api/user/show', '/tools/a/b']) {
      expect(pattern.test(path)).toBe(false);
    }
    const block = cached![2];
    expect(block).toMatch(/proxy_cache_bypass \$outils_has_credentials;/);
    expect(block).toMatch(/proxy_no_cache \$outils_has_credentials;/);
    expect(block).toMatch(/proxy_cache_key "\$request_method\|\$request_uri";/);
    expect(conf).toMatch(/proxy_cache_path \S+ [^;]*keys_zone=outils_public:\S+ [^;]*max_size=\S+/);
    // Every credential carrier of rules.md#R17 sets the bypass flag; no cache time is forced over the API's Cache-Control.
    const map = /map "([^"]+)" \$outils_has_credentials/.exec(conf);
    for (const carrier of ['$http_usertoken', '$http_token', '$http_access_token', '$arg_token', '$arg_storedtoken']) expect(map![1]).toContain(carrier);
    expect(block).not.toMatch(/proxy_cache_valid|proxy_ignore_headers/);
  });

  it('compose: the mail catcher is published on the loopback interface only', () => {
    const compose = readFileSync(join(ROOT, 'docker/compose.yaml'), 'utf8');
    const maildev = compose.slice(compose.indexOf('\n  maildev:'), compose.indexOf('\n  migrate:'));
    const ports = [...maildev.matchAll(/^\s+- "([^"]+)"/gm)].map((m) => m[1]);
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:/);
  });
});

/** Every access_log names a format, and no log format prints the query string. */
function expectLogsWithoutQuery(conf: string) {
  const formats = [...conf.matchAll(/log_format\s+(\S+)([\s\S]*?);/g)];
  expect(formats.length).toBeGreaterThan(0);
  for (const [, , body] of formats) expect(body).not.toMatch(/\$(request|request_uri|args|query_string|is_args|arg_\w+|http_referer)\b/);
  const logs = [...conf.matchAll(/access_log\s+(\S+)(?:\s+(\S+))?\s*;/g)];
  expect(logs.length).toBeGreaterThan(0);
  for (const [, target, format] of logs) {
    if (target === 'off') continue;
    expect(formats.map((f) => f[1])).toContain(format);
  }
}
