// @ts-check
// The development signing secret of `npm start` (docs/product/rules.md#R802): drawn at random the
// first time for a data folder, then read back, so that links survive a restart of the stack and no
// secret is written in the code. Production sets DOWNLOAD_URL_SECRET itself.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE = 'download-url-secret';

/**
 * The secret kept in `<dataDir>/download-url-secret` (created, readable by its owner only, when
 * missing or too short to be one).
 * @param {string} dataDir
 * @returns {{ secret: string, file: string, created: boolean }}
 */
export function developmentSecret(dataDir) {
  const file = join(dataDir, SECRET_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return { secret: kept, file, created: false };
  } catch {
    // none yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, file, created: true };
}
