import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '@outils/server-config';
import { createDataSource } from '@outils/server-db';
import { seedIfEmpty } from '@outils/server-db/seed';
import { createTestDatabase, TestDatabase } from '@outils/server-db/testing';
import { freePort, SmtpCatcher, startSmtpCatcher } from '@outils/server-testing';

const ROOT = resolve(__dirname, '../../../..');

/** What the journeys need to know about the running stack (shared through a JSON file). */
export interface StackInfo {
  webUrl: string;
  apiUrl: string;
  mailUrl: string;
  databaseUrl: string;
  adminEmail: string;
  adminPassword: string;
  artifactsDir: string;
  /** The run's one Chromium (global setup), to connect to. */
  wsEndpoint?: string;
}

export interface RunningStack {
  info: StackInfo;
  stop(): Promise<void>;
}

/** One file per run (tests run in band, in the process that ran the global setup), so two runs can share a machine. */
export const STACK_FILE = join(ROOT, `tmp/e2e-stack-${process.pid}.json`);

/**
 * A private copy of the web build for this run: other work in the same tree may rebuild
 * dist/apps/web while the journeys run. The copy is taken again until the assets index.html
 * names are all there (a copy made in the middle of a rebuild is not).
 */
async function snapshotWeb(target: string): Promise<void> {
  const source = join(ROOT, 'dist/apps/web');
  for (let attempt = 1; ; attempt += 1) {
    if (!existsSync(join(source, 'index.html'))) {
      if (attempt > 30) throw new Error('dist/apps/web is missing: build the web app first (nx build web)');
    } else {
      rmSync(target, { recursive: true, force: true });
      try {
        cpSync(source, target, { recursive: true });
        const html = readFileSync(join(target, 'index.html'), 'utf8');
        const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
        if (assets.length && assets.every((a) => existsSync(join(target, a)))) return;
      } catch {
        // the build was being written: try again
      }
      if (attempt > 30) throw new Error('dist/apps/web stays incomplete: is a web build running?');
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the whole product on free ports: a fresh seeded database, API, worker, web, MailDev. */
export async function startStack(): Promise<RunningStack> {
  const db: TestDatabase = await createTestDatabase('e2e');
  const mail: SmtpCatcher = await startSmtpCatcher({ web: true });
  const [apiPort, webPort, workerPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://localhost:${webPort}`;
  const storageDir = join(ROOT, `tmp/e2e-storage-${db.name}`);
  const artifactsDir = join(ROOT, 'test-artifacts');
  mkdirSync(artifactsDir, { recursive: true });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `e2e-${Date.now().toString(36)}`,
    SMTP_URL: mail.url,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    API_URL: apiUrl,
    WEB_URL: webUrl,
    STORAGE_DIR: storageDir,
    WORKER_HTTP_PORT: String(workerPort),
    // Journeys log in and sign up many times from one address.
    RATE_LIMIT_ENABLED: 'false',
    // One link secret for the stack, as `npm start` gives one: the worker signs links the API checks (R915).
    DOWNLOAD_URL_SECRET: process.env.DOWNLOAD_URL_SECRET ?? randomBytes(32).toString('base64url'),
  };
  const config = loadConfig(env);
  const dataSource = createDataSource(db.url, 2);
  await dataSource.initialize();
  try {
    await seedIfEmpty(dataSource, config);
  } finally {
    await dataSource.destroy();
  }

  // Private copies of the bundles too (node_modules still resolve from the tree's root).
  const binDir = join(ROOT, `tmp/e2e-bin-${db.name}`);
  for (const app of ['api', 'worker', 'web-server']) {
    const bundle = join(ROOT, `dist/apps/${app}/main.js`);
    if (!existsSync(bundle)) throw new Error(`dist/apps/${app} is missing: build it first (nx build ${app})`);
    mkdirSync(join(binDir, app), { recursive: true });
    cpSync(bundle, join(binDir, app, 'main.js'));
  }

  const children: ChildProcess[] = [];
  const start = (name: string, script: string, extraEnv: Record<string, string> = {}) => {
    const child = spawn(process.execPath, [script], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) console.error(`[e2e] ${name} exited with code ${code}`);
    });
    children.push(child);
    return child;
  };
  const api = start('api', join(binDir, 'api/main.js'));
  start('worker', join(binDir, 'worker/main.js'));
  const webDir = join(ROOT, `tmp/e2e-web-${db.name}`);
  await snapshotWeb(webDir);
  // The web server of `npm start` and the web image itself (apps/web-server), with its security
  // headers (CSP…): the journeys prove that the pages work under them.
  const web = start('web', join(binDir, 'web-server/main.js'), { WEB_DIST_DIR: webDir, WEB_PORT: String(webPort), WEB_HOST: '127.0.0.1' });
  await waitForHttp(`${apiUrl}/health`, api);
  await waitForHttp(`http://127.0.0.1:${webPort}/config.js`, web);

  return {
    info: {
      webUrl, apiUrl, mailUrl: mail.webUrl!, databaseUrl: db.url,
      adminEmail: config.admin.email!, adminPassword: config.admin.password!, artifactsDir,
    },
    async stop() {
      await Promise.all(children.map((child) => new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      })));
      await mail.close();
      await db.drop();
      rmSync(storageDir, { recursive: true, force: true });
      rmSync(webDir, { recursive: true, force: true });
      rmSync(binDir, { recursive: true, force: true });
    },
  };
}
