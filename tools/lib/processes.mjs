// @ts-check
// Child processes of the tools.
// - ManagedProcess (`npm start`): each runs in its own process group (detached), so that a
//   Ctrl-C reaches the launcher only and the launcher stops them in order: apps first, then the
//   services they use. Their output goes to the console (prefixed) and to <logDir>/<name>.log.
// - nodeProcess (bench, drills): a built bundle that can be stopped, killed and started again,
//   its output in a log file whose tail is shown when it dies unexpectedly.
// - runToEnd / nxEntry: short commands, and Nx's command line wherever its package keeps it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { onCleanup } from './cleanup.mjs';
import { color, formatChildLine, log } from './log.mjs';
import { sleep } from './ports.mjs';

/** The repository's root folder. */
export const ROOT = resolve(import.meta.dirname, '../..');

const PALETTE = [color.blue, color.magenta, color.green, color.yellow, color.cyan];
let paletteIndex = 0;

export class ManagedProcess {
  /**
   * @param {string} name  prefix shown in the console
   * @param {string} command
   * @param {string[]} args
   * @param {{ cwd: string, env: NodeJS.ProcessEnv, logDir: string, echo?: (line: string) => boolean, uid?: number, gid?: number, stopSignal?: NodeJS.Signals, stopTimeoutMs?: number }} options
   */
  constructor(name, command, args, options) {
    this.name = name;
    /** @type {string[]} */
    this.lastLines = [];
    this.exited = false;
    this.stopping = false;
    /** @type {number | null} */
    this.exitCode = null;
    /** @type {NodeJS.Signals | null} */
    this.exitSignal = null;
    this.stopSignal = options.stopSignal ?? 'SIGTERM';
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    const tint = PALETTE[paletteIndex++ % PALETTE.length];
    const prefix = tint(`[${name}]`);
    mkdirSync(options.logDir, { recursive: true });
    const logFile = createWriteStream(join(options.logDir, `${name}.log`), { flags: 'a' });
    this.logFile = logFile;

    this.child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      uid: options.uid,
      gid: options.gid,
    });
    this.pid = this.child.pid;
    /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
    this.exitPromise = new Promise((resolvePromise) => {
      this.child.once('exit', (code, signal) => {
        this.exited = true;
        this.exitCode = code;
        this.exitSignal = signal;
        resolvePromise({ code, signal });
      });
      this.child.once('error', (error) => {
        this.lastLines.push(`impossible de lancer ${command} : ${error.message}`);
        this.exited = true;
        this.exitCode = -1;
        resolvePromise({ code: -1, signal: null });
      });
    });
    const echo = options.echo ?? (() => true);
    for (const stream of [this.child.stdout, this.child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        logFile.write(`${line}\n`);
        this.lastLines.push(line);
        if (this.lastLines.length > 40) this.lastLines.shift();
        if (echo(line)) console.log(`${prefix} ${formatChildLine(line)}`);
      });
    }
  }

  /** @param {NodeJS.Signals} signal */
  signalGroup(signal) {
    if (this.exited || !this.pid) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      try { process.kill(this.pid, signal); } catch { /* already gone */ }
    }
  }

  /** Polite signal, then SIGKILL after the timeout. */
  async stop() {
    if (this.exited) return;
    this.stopping = true;
    this.signalGroup(this.stopSignal);
    const timer = setTimeout(() => this.signalGroup('SIGKILL'), this.stopTimeoutMs);
    await this.exitPromise;
    clearTimeout(timer);
    // Anything left in its group (a grandchild) goes too.
    try { if (this.pid) process.kill(-this.pid, 'SIGKILL'); } catch { /* group empty */ }
    this.logFile.end();
  }

  kill() {
    this.signalGroup('SIGKILL');
  }
}

/**
 * Short-lived commands in flight (build, migrations), killed if the launcher stops meanwhile.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
export const runningCommands = new Set();

/**
 * Runs a command to its end; resolves with its exit code and output.
 * @param {string} command @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, onLine?: (line: string) => void, uid?: number, gid?: number }} options
 * @returns {Promise<{ code: number, output: string[] }>}
 */
export function runToEnd(command, args, { cwd, env, onLine, uid, gid }) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd, env, uid, gid, stdio: ['ignore', 'pipe', 'pipe'] });
    runningCommands.add(child);
    child.once('exit', () => runningCommands.delete(child));
    /** @type {string[]} */
    const output = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        onLine?.(line);
      });
    }
    child.once('error', (error) => resolvePromise({ code: -1, output: [...output, error.message] }));
    child.once('close', (code) => resolvePromise({ code: code ?? 1, output }));
  });
}

/**
 * The Nx entry script, wherever this Nx version keeps it (read from its package.json "bin").
 * @param {string} [root]
 */
export function nxEntry(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/nx/package.json'), 'utf8'));
  const entry = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.nx;
  return join(root, 'node_modules/nx', entry);
}

/** The environment of an Nx command run by a tool: no daemon, no cloud, no terminal UI. */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

/**
 * @typedef {object} NodeProcess
 * @property {string} name
 * @property {string} logFile
 * @property {(import('node:child_process').ChildProcess & { expectedExit?: boolean }) | null} child
 * @property {() => import('node:child_process').ChildProcess} start
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop
 * @property {(lines?: number) => string} tail
 */

/**
 * `node <nodeArgs> <script>` with `env`, its output in <logDir>/<name>.log; stopped at cleanup. Can
 * be stopped, killed and started again (the drills do). `nodeArgs`: options Node takes on its
 * command line only, such as an image's V8 options (NODE_OPTIONS refuses most of them).
 * @param {string} name @param {string} script @param {NodeJS.ProcessEnv} env @param {string} logDir
 * @param {string[]} [nodeArgs]
 * @returns {NodeProcess}
 */
export function nodeProcess(name, script, env, logDir, nodeArgs = []) {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  /** @type {NodeProcess} */
  const handle = {
    name,
    logFile,
    child: null,
    start() {
      const out = createWriteStream(logFile, { flags: 'a' });
      /** @type {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable> & { expectedExit?: boolean }} */
      const child = spawn(process.execPath, [...nodeArgs, resolve(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      child.expectedExit = false;
      child.on('exit', (code, signal) => {
        if (!child.expectedExit) log(`${name} exited unexpectedly (code ${code}, signal ${signal}); see ${logFile}`);
      });
      handle.child = child;
      return child;
    },
    async stop(signal = 'SIGTERM') {
      const child = handle.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.expectedExit = true;
      await new Promise((r) => {
        child.once('exit', r);
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    },
    tail(lines = 15) {
      try {
        return readFileSync(logFile, 'utf8').split('\n').slice(-lines).map((l) => l.slice(0, 400)).join('\n');
      } catch {
        return '';
      }
    },
  };
  onCleanup(() => handle.stop());
  return handle;
}

/**
 * Resolves when `url` answers (`ok(res)`), rejects when the process behind it exits or after timeoutMs.
 * @param {string} url @param {NodeProcess | undefined} handle @param {number} [timeoutMs]
 * @param {(res: Response) => boolean} [ok]
 */
export async function waitForHttp(url, handle, timeoutMs = 60_000, ok = (res) => res.ok) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const child = handle?.child;
    if (handle && child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${url}: ${handle.name} exited with code ${child.exitCode}\n${handle.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (ok(res)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms\n${handle?.tail() ?? ''}`);
    await sleep(200);
  }
}
