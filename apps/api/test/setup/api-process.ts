import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '@outils/server-testing';

const ROOT = resolve(__dirname, '../../../..');

/** The API as a process of its own, started from its sources (tools/lib/register-ts.cjs). */
export interface ApiProcess {
  url: string;
  port: number;
  pid: number;
  /** Bytes the process got from read() calls so far: its sockets, mostly (/proc/<pid>/io rchar). */
  bytesRead(): number;
  /** Resident memory now, in bytes (/proc/<pid>/status VmRSS). */
  rss(): number;
  /** What it printed (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real API (`main.ts`, configuration from the environment as in production) on a
 * free port with the test run's database and Redis prefix, and waits for `/health`.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['-r', join(ROOT, 'tools/lib/register-ts.cjs'), join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}:process-${port}`,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      API_URL: url,
      WEB_URL: 'http://localhost:4299',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API process stopped (code ${child.exitCode}):\n${output.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API process did not answer within 60 s:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    bytesRead: () => Number(/^rchar:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]),
    rss: () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
