import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort, waitUntil } from '@outils/server-testing';

export const ROOT = resolve(__dirname, '../../..');
/** The program as the images and `npm start` run it (`nx run web-server:build`, a dependency of this project's tests). */
export const BUNDLE = join(ROOT, 'dist/apps/web-server/main.js');

/** apps/web/index.html as the build keeps it (its head markers, `#root`), with a built script name. */
export const BUILT_INDEX = readFileSync(join(ROOT, 'apps/web/index.html'), 'utf8').replace(
  '<script type="module" src="/src/main.tsx"></script>',
  '<script type="module" src="/assets/app.js"></script>',
);

/**
 * Starts the web server as a program of its own on a free loopback port over a built app in
 * `distDir`, with only the given environment, and resolves once it answers `/config.js`: from its
 * sources (compiled on the fly, tools/lib/register-ts.cjs) or, with `bundle`, the built file; `nodeOptions`
 * go to Node before the program (the web image's, docker/Dockerfile.web).
 */
export async function startWebServer(
  distDir: string,
  env: Record<string, string>,
  { bundle = false, nodeOptions = [] }: { bundle?: boolean; nodeOptions?: string[] } = {},
): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = [...nodeOptions, ...(bundle ? [BUNDLE] : ['-r', join(ROOT, 'tools/lib/register-ts.cjs'), join(ROOT, 'apps/web-server/src/main.ts')])];
  const server = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', WEB_DIST_DIR: distDir, WEB_PORT: String(port), WEB_HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  });
  await waitUntil(() => fetch(`${base}/config.js`).then((res) => res.ok, () => false), { timeoutMs: 20_000, what: 'the web server answering /config.js' });
  return { base, server };
}

/**
 * The web server over a build made of `files` (path → content, in a fresh folder), reaching a
 * stand-in API (`api`) at API_INTERNAL_URL while pages name `http://api.outils.test`; `stop()`
 * ends both and removes the folder.
 */
export async function startWebWithStandInApi(files: Record<string, string>, api: RequestListener): Promise<{ base: string; apiUrl: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'outils-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const apiServer = createServer(api);
  const apiPort = await freePort();
  await new Promise<void>((r) => apiServer.listen(apiPort, '127.0.0.1', () => r()));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const { base, server } = await startWebServer(dir, { API_URL: 'http://api.outils.test', API_INTERNAL_URL: apiUrl });
  return {
    base,
    apiUrl,
    stop: async () => {
      server.kill();
      await new Promise((r) => apiServer.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
