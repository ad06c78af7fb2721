import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort, waitUntil } from '@outils/server-testing';

const ROOT = resolve(__dirname, '../../..');

/**
 * Starts `tools/start/serve-web.mjs` (or `script`, the same server bundled) on a free loopback
 * port over a built app in `distDir`, with only the given environment, and resolves once it
 * answers `/config.js`.
 */
export async function startServeWeb(distDir: string, env: Record<string, string>, script = join(ROOT, 'tools/start/serve-web.mjs')): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', WEB_DIST_DIR: distDir, WEB_PORT: String(port), WEB_HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  });
  await waitUntil(() => fetch(`${base}/config.js`).then((res) => res.ok, () => false), { timeoutMs: 10_000, what: 'serve-web.mjs answering /config.js' });
  return { base, server };
}
