import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { developmentSecret } from '../dev-secret.mjs';

/** docs/product/rules.md#R802: `npm start`'s signing secret is random per data folder, and kept there. */
describe('the development signing secret of npm start', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'outils-data-'));
    dirs.push(dir);
    return join(dir, '.data');
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is drawn once for a data folder, kept readable by its owner only, then read back', () => {
    const dir = dataDir();
    const first = developmentSecret(dir);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(first.file).toBe(join(dir, 'download-url-secret'));
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(developmentSecret(dir)).toEqual({ ...first, created: false });
    expect(readFileSync(first.file, 'utf8').trim()).toBe(first.secret);
  });

  it('differs from one data folder to another, and replaces a file too short to be a secret', () => {
    expect(developmentSecret(dataDir()).secret).not.toBe(developmentSecret(dataDir()).secret);
    const dir = dataDir();
    developmentSecret(dir);
    writeFileSync(join(dir, 'download-url-secret'), 'court\n');
    const again = developmentSecret(dir);
    expect(again.created).toBe(true);
    expect(again.secret.length).toBeGreaterThanOrEqual(32);
  });
});
