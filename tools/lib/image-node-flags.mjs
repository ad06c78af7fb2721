import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

/**
 * The Node options an image runs its program with (`CMD ["node", …, "main.js"]` of
 * `docker/<dockerfile>`; the web image's young generation, docs/product/rules.md#R888), read from
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

/** The web image's Node options (docs/product/rules.md#R888). */
export const webImageNodeFlags = () => imageNodeFlags('Dockerfile.web');
