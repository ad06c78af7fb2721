import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ROOT } from './processes.mjs';

/** A Dockerfile of docker/ by name, or any by its absolute path (another version's, for the bench). @param {string} dockerfile */
const dockerfileText = (dockerfile) => readFileSync(isAbsolute(dockerfile) ? dockerfile : join(ROOT, 'docker', dockerfile), 'utf8');

/**
 * The Node options an image runs its program with (`CMD ["node", …, "main.js"]` of
 * `docker/<dockerfile>`; the web image's young generation, docs/product/rules.md#R892), read from
 * the Dockerfile so that `npm start`, the rehearsal and the bench run the program as the image does.
 * @param {string} dockerfile e.g. 'Dockerfile.web'
 * @returns {string[]}
 */
export function imageNodeFlags(dockerfile) {
  const text = dockerfileText(dockerfile);
  const cmd = /^CMD (\[.*\])\s*$/m.exec(text);
  const args = cmd ? /** @type {unknown} */ (JSON.parse(cmd[1])) : null;
  if (!Array.isArray(args) || args[0] !== 'node' || !/(^|\/)main\.js$/.test(String(args[args.length - 1]))) throw new Error(`docker/${dockerfile}: no CMD ["node", …, "main.js"] to read the program's Node options from`);
  // --enable-source-maps: every program of the project is started with it already.
  return args.slice(1, -1).map(String).filter((flag) => flag !== '--enable-source-maps');
}

/** The web image's Node options (docs/product/rules.md#R892). */
export const webImageNodeFlags = () => imageNodeFlags('Dockerfile.web');

/** The API image's Node options (docs/product/rules.md#R896). */
export const apiImageNodeFlags = () => imageNodeFlags('Dockerfile.api');

/** The ENV lines of a Dockerfile's last stage (what the image adds to compose's environment). @param {string} dockerfile */
export function imageEnv(dockerfile) {
  const text = dockerfileText(dockerfile);
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
 * An image's allocator settings (its `ENV MALLOC_…`, docs/product/rules.md#R890, #R896): glibc reads
 * them once, when the process starts, so whoever starts the program passes them in its environment;
 * the image's other ENV lines (port, host, paths) are its own.
 * @param {string} dockerfile
 */
export const imageAllocatorEnv = (dockerfile) => Object.fromEntries(Object.entries(imageEnv(dockerfile)).filter(([name]) => name.startsWith('MALLOC_')));

/** The web image's allocator settings (docs/product/rules.md#R890). */
export const webImageAllocatorEnv = () => imageAllocatorEnv('Dockerfile.web');

/** The API image's allocator settings (docs/product/rules.md#R896). */
export const apiImageAllocatorEnv = () => imageAllocatorEnv('Dockerfile.api');
