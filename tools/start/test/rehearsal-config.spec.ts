import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

// Typed here rather than imported as types: the modules use import.meta, which this program's
// module setting (CommonJS, for jest) would refuse to check.
type Env = Record<string, string>;
interface ComposeEnv {
  readCompose(): unknown;
  serviceEnv(compose: unknown, service: string, vars: Record<string, string | undefined>): Env;
  toLoopback(value: string, hosts: Env): string;
  interpolate(value: string, vars: Record<string, string | undefined>): string;
}
interface ImageRuntime {
  imageEnv(dockerfile: string): Env;
  webImageAllocatorEnv(): Env;
  webImageNodeFlags(): string[];
  apiImageAllocatorEnv(): Env;
  apiImageNodeFlags(): string[];
}
interface Gateway { renderGatewayConf(source: string, options: { port: number; dir: string }): string }
const load = <T>(path: string) => import(path) as Promise<T>;

/**
 * `npm run rehearsal` runs what compose deploys (docs/product/rules.md#R851, #R852): it reads
 * docker/compose.yaml and docker/nginx-api.conf themselves. These fail as soon as either file
 * changes in a way the rehearsal would no longer follow, without starting anything.
 */
describe('the rehearsal reads the compose files themselves', () => {
  let env: ComposeEnv;
  let gateway: Gateway;
  let image: ImageRuntime;
  beforeAll(async () => {
    env = await load<ComposeEnv>('../../rehearsal/compose-env.mjs');
    image = await load<ImageRuntime>('../../lib/image-node-flags.mjs');
    gateway = await load<Gateway>('../../rehearsal/gateway.mjs');
  });

  it('gives each process the environment compose gives its container: defaults interpolated, keys without a value only when set', () => {
    const compose = env.readCompose();
    const api = env.serviceEnv(compose, 'api', { SMTP_URL: 'smtp://127.0.0.1:2525', REDIS_PREFIX: '' });
    expect(api).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1', STORAGE_DRIVER: 'disk', REDIS_URL: 'redis://redis:6379', REDIS_PREFIX: 'outils', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(api).not.toHaveProperty('DOWNLOAD_URL_SECRET');
    expect(env.serviceEnv(compose, 'worker', {})).toEqual(env.serviceEnv(compose, 'api', {}));
    const web = env.serviceEnv(compose, 'web', {});
    expect(env.toLoopback(web.API_INTERNAL_URL, { 'api-gateway:80': '127.0.0.1:4567' })).toBe('http://127.0.0.1:4567');
    expect(image.imageEnv('Dockerfile.web')).toMatchObject({ NODE_ENV: 'production', WEB_PORT: '8080' });
    expect(env.interpolate('${A:-x}|${A-y}|${B}|$$', { A: '' })).toBe('x|||$');
  });

  it('runs the web server with the web image\'s Node options and allocator settings, not its port or paths (docs/product/rules.md#R892, #R890)', () => {
    expect(image.webImageNodeFlags()).toEqual(['--max-semi-space-size=8', '--heap-growing-percent=75']);
    expect(image.webImageAllocatorEnv()).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(image.imageEnv('Dockerfile.web')).toMatchObject(image.webImageAllocatorEnv());
  });

  it('runs the API with the API image\'s Node options and allocator settings (docs/product/rules.md#R896)', () => {
    // --enable-source-maps is given to every program already.
    expect(image.apiImageNodeFlags()).toEqual(['--max-semi-space-size=16']);
    expect(image.apiImageAllocatorEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(image.imageEnv('Dockerfile.api')).toMatchObject({ NODE_ENV: 'production', ...image.apiImageAllocatorEnv() });
  });

  it('runs docker/nginx-api.conf with only the listed loopback changes, and stops when the file changes shape', () => {
    const source = readFileSync(join(ROOT, 'docker/nginx-api.conf'), 'utf8');
    const rendered = gateway.renderGatewayConf(source, { port: 18080, dir: '/tmp/repetition' });
    expect(rendered).toContain('listen 127.0.0.1:18080;');
    expect(rendered).toContain('set $api http://outils_api;');
    expect(rendered).not.toMatch(/resolver|listen \[::\]|\/var\/(cache|log)\/nginx/);
    // Everything else is the compose gateway's own text: retries, micro-cache, /metrics refused.
    for (const line of ['proxy_next_upstream error timeout http_502 http_503;', 'proxy_cache outils_public;', 'location ~* ^/+metrics(/|$) { return 404; }']) {
      expect(rendered).toContain(line);
    }
    expect(rendered.split('\n').length).toBe(source.split('\n').length - 2);
    expect(() => gateway.renderGatewayConf(source.replace('listen 80;', 'listen 8080;'), { port: 18080, dir: '/tmp/r' })).toThrow(/changed shape/);
  });
});
