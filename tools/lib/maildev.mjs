// @ts-check
// MailDev, the SMTP catcher with a web UI and a REST API (docs/product/rules.md#R166).
// - spawnMaildev (`npm start`): its own process on fixed ports (SMTP 1025, UI 1080), mails kept
//   in .data/maildev;
// - startMaildev (drills): in this process, on free ports, mails in a scratch folder, with helpers
//   reading what it caught. (The TypeScript tests have theirs in libs/server/testing.)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { freePort, portAnswers, waitFor } from './ports.mjs';
import { ManagedProcess } from './processes.mjs';

const require = createRequire(import.meta.url);

/**
 * @param {{ root: string, logDir: string, smtpPort: number, webPort: number }} options
 * @returns {Promise<{ url: string, process: ManagedProcess }>}
 */
export async function spawnMaildev({ root, logDir, smtpPort, webPort }) {
  const mailDir = join(root, '.data/maildev');
  mkdirSync(mailDir, { recursive: true });
  const server = new ManagedProcess('maildev', process.execPath, [
    require.resolve('maildev/bin/maildev'),
    '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1',
    '--mail-directory', mailDir, '--silent',
  ], { cwd: root, env: process.env, logDir });
  await waitFor(async () => {
    if (server.exited) return false;
    return (await portAnswers('127.0.0.1', smtpPort)) && portAnswers('127.0.0.1', webPort);
  }, { timeoutMs: 20_000, what: 'MailDev' });
  return { url: `smtp://127.0.0.1:${smtpPort}`, process: server };
}

/**
 * @typedef {object} CaughtMail
 * @property {Array<{ address?: string }>} [to]
 * @property {string} [subject]
 */

/**
 * MailDev in this process on free ports; closed at cleanup.
 * @returns {Promise<{ url: string, webUrl: string, all: () => Promise<CaughtMail[]>, clear: () => Promise<void>, close: () => Promise<void> }>}
 */
export async function startMaildev() {
  const MailDev = require('maildev');
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const mailDirectory = mkdtempSync(join(tmpdir(), 'outils-drill-mail-'));
  const maildev = new MailDev({ smtp: smtpPort, ip: '127.0.0.1', silent: true, mailDirectory, web: webPort, webIp: '127.0.0.1' });
  await new Promise((r, j) => maildev.listen((/** @type {Error | undefined} */ error) => (error ? j(error) : r(undefined))));
  const webUrl = `http://127.0.0.1:${webPort}`;
  const handle = {
    url: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    /** Every caught mail, through MailDev's REST API. @returns {Promise<CaughtMail[]>} */
    async all() {
      const res = await fetch(`${webUrl}/email`);
      return /** @type {Promise<CaughtMail[]>} */ (res.json());
    },
    async clear() {
      await fetch(`${webUrl}/email/all`, { method: 'DELETE' });
    },
    close: () => new Promise((r) => maildev.close(() => r(undefined))).then(() => rmSync(mailDirectory, { recursive: true, force: true })),
  };
  onCleanup(() => handle.close());
  return handle;
}
