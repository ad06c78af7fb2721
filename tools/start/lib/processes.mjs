// Child processes of the launcher. Each runs in its own process group (detached), so that a
// Ctrl-C reaches the launcher only and the launcher stops them in order: apps first, then the
// services they use. Their output goes to the console (prefixed) and to .data/logs/<name>.log.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { color, formatChildLine } from './log.mjs';

const PALETTE = [color.blue, color.magenta, color.green, color.yellow, color.cyan];
let paletteIndex = 0;

export class ManagedProcess {
  /**
   * @param {string} name  prefix shown in the console
   * @param {string} command
   * @param {string[]} args
   * @param {{ cwd: string, env: object, logDir: string, echo?: (line: string) => boolean, uid?: number, gid?: number, stopSignal?: string, stopTimeoutMs?: number }} options
   */
  constructor(name, command, args, options) {
    this.name = name;
    this.lastLines = [];
    this.exited = false;
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
    try { process.kill(-this.pid, 'SIGKILL'); } catch { /* group empty */ }
    this.logFile.end();
  }

  kill() {
    this.signalGroup('SIGKILL');
  }
}

/** Short-lived commands in flight (build, migrations), killed if the launcher stops meanwhile. */
export const runningCommands = new Set();

/** Runs a command to its end; resolves with its exit code and output. */
export function runToEnd(command, args, { cwd, env, onLine, uid, gid }) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd, env, uid, gid, stdio: ['ignore', 'pipe', 'pipe'] });
    runningCommands.add(child);
    child.once('exit', () => runningCommands.delete(child));
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

/** The Nx entry script, wherever this Nx version keeps it (read from its package.json "bin"). */
export function nxEntry(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/nx/package.json'), 'utf8'));
  const entry = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.nx;
  return join(root, 'node_modules/nx', entry);
}
