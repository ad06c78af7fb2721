import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** The docker/ gateway and compose configurations (the web image's server: apps/web-server/test). */
describe('the docker gateway and compose configurations', () => {
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

  it('nginx (API gateway): the access log masks a shared folder\'s token in the path (docs/product/rules.md#R783)', () => {
    const conf = readFileSync(join(ROOT, 'docker/nginx-api.conf'), 'utf8');
    const format = /log_format outils_api_noquery([\s\S]*?);/.exec(conf)![1];
    expect(format).not.toMatch(/\$uri\b/);
    expect(format).toContain('$outils_logged_uri');
    const map = /map \$uri \$outils_logged_uri \{\n\s+"~([^"]+)" "([^"]+)";\n\s+default \$uri;/.exec(conf);
    expect(map).not.toBeNull();
    // nginx's PCRE named groups read as JavaScript's; `${name}` as `$<name>`.
    const masked = (path: string) => path.replace(new RegExp(map![1]), map![2].replace(/\$\{(\w+)\}/g, '$<$1>'));
    expect(masked('/api/shared-folders/AbC_123-xyz/download')).toBe('/api/shared-folders/[masked]/download');
    expect(masked('/api/shared-folders/AbC_123-xyz')).toBe('/api/shared-folders/[masked]');
    expect(masked('/api/tools/plan')).toBe('/api/tools/plan');
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
