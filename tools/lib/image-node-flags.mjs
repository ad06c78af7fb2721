import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

/**
 * The Node options an image runs its program with (`CMD ["node", …, "main.js"]` of
 * `docker/<dockerfile>`; the web image's young generation, docs/product/rules.md#R892), read from
 * the Dockerfile so that `npm start`, the rehearsal and the bench run the program as the image does.
 * @param {string} dockerfile e.g. 'Dockerfile.web'
 * @returns {string[]}
 */
export function imageNodeFlags(dockerfile) {
  const text = readFileSync(join(ROOT, 'docker', dockerfile), 'utf8');
  const cmd = /^CMD (\[.*\])\s*$/m.exec(text);
  const args = cmd ? /** @type {unknown} */ (JSON.parse(cmd[1])) : null;
  if (!Array.isArray(args) || args[0] !== 'node' || args[args.length - 1] !== 'main.js') throw new Error(`docker/${dockerfile}: no CMD ["node", …, "main.js"] to read the program's Node options from`);
  return args.slice(1, -1).map(String);
}

/** The web image's Node options (docs/product/rules.md#R892). */
export const webImageNodeFlags = () => imageNodeFlags('Dockerfile.web');

/** The ENV lines of a Dockerfile's last stage (what the image adds to compose's environment). @param {string} dockerfile */
export function imageEnv(dockerfile) {
  const text = readFileSync(join(ROOT, 'docker', dockerfile), 'utf8');
  const lastStage = text.slice(text.lastIndexOf('\nFROM '));
  /** @type {Record<string, string>} */
  const env = {};
  for (const line of lastStage.split('\n')) {
    const m = /^ENV\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of m[1].matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) env[pair[1]] = pair[2].replace(/^"|"$/g, '');
  }
  return env;
}

/**
 * The web image's allocator settings (its `ENV MALLOC_…`, docs/product/rules.md#R890): glibc reads
 * them once, when the process starts, so whoever starts the web server passes them in its
 * environment; its other ENV lines (port, host, paths) are the image's own.
 */
export const webImageAllocatorEnv = () => Object.fromEntries(Object.entries(imageEnv('Dockerfile.web')).filter(([name]) => name.startsWith('MALLOC_')));
