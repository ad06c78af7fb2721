import { ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServeWeb } from './serve-web-process';

const ROOT = resolve(__dirname, '../../..');
const API_URL = 'http://api.outils.test:3000';
const PRELOADS = "// the build's landing-page preloads\n(function () { window.__preloaded = location.pathname; })();\n";

/**
 * docs/product/rules.md#R711: /config.js, the page's one blocking script, is the runtime settings
 * followed by the build's route-preloads.js, from the web server of `npm start` and from nginx
 * (docker/web-config.sh); a build without the file still gets its settings.
 */
describe('/config.js carries the build\'s landing-page preloads (npm start and nginx)', () => {
  let dir: string;
  let server: ChildProcess | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outils-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Outils</title>');
  });
  afterEach(() => {
    server?.kill();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a config.js as the page would, at `path`; returns what it left on window. */
  function run(configJs: string, path: string) {
    const window: Record<string, unknown> = {};
    new Function('window', 'location', configJs)(window, { pathname: path });
    return window;
  }

  it('npm start: settings first, then the preloads', async () => {
    writeFileSync(join(dir, 'route-preloads.js'), PRELOADS);
    const started = await startServeWeb(dir, { API_URL });
    server = started.server;
    const configJs = await (await fetch(`${started.base}/config.js`)).text();
    expect(run(configJs, '/toolspage')).toEqual({ __OUTILS_CONFIG__: expect.objectContaining({ apiUrl: API_URL }), __preloaded: '/toolspage' });
  });

  it('npm start: a build without preloads still gets its settings', async () => {
    const started = await startServeWeb(dir, { API_URL });
    server = started.server;
    const configJs = await (await fetch(`${started.base}/config.js`)).text();
    expect(run(configJs, '/')).toEqual({ __OUTILS_CONFIG__: expect.objectContaining({ apiUrl: API_URL }) });
  });

  it('nginx: docker/web-config.sh writes the settings then the preloads, and only the settings without them', () => {
    const env = { PATH: process.env.PATH ?? '', OUTILS_WEB_ROOT: dir, OUTILS_NGINX_HEADERS: join(dir, 'headers.conf'), OUTILS_NGINX_UPSTREAM: join(dir, 'upstream.conf'), API_URL };
    execFileSync('sh', [join(ROOT, 'docker/web-config.sh')], { env, stdio: 'ignore' });
    expect(run(readFileSync(join(dir, 'config.js'), 'utf8'), '/')).toEqual({ __OUTILS_CONFIG__: expect.objectContaining({ apiUrl: API_URL }) });
    writeFileSync(join(dir, 'route-preloads.js'), PRELOADS);
    // The container runs it at every start: the file is rewritten, never appended twice.
    execFileSync('sh', [join(ROOT, 'docker/web-config.sh')], { env, stdio: 'ignore' });
    execFileSync('sh', [join(ROOT, 'docker/web-config.sh')], { env, stdio: 'ignore' });
    const configJs = readFileSync(join(dir, 'config.js'), 'utf8');
    expect(configJs.split(PRELOADS)).toHaveLength(2);
    expect(run(configJs, '/tools/12')).toEqual({ __OUTILS_CONFIG__: expect.objectContaining({ apiUrl: API_URL }), __preloaded: '/tools/12' });
  });
});
