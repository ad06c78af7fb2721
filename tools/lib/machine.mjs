// @ts-check
// The machine a measurement ran on, for the reports of the bench and the drills.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function machine() {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/) ?? [])[1] ?? 'unknown';
  const memKb = Number((readFileSync('/proc/meminfo', 'utf8').match(/MemTotal:\s*(\d+)/) ?? [])[1] ?? 0);
  const cores = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const pgVersion = spawnSync('psql', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return { cpu, cores, memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`, load, node: process.version, pgVersion };
}

/**
 * Markdown table from rows of cells.
 * @param {unknown[]} header @param {unknown[][]} rows
 */
export function table(header, rows) {
  const esc = (/** @type {unknown} */ v) => String(v ?? '').replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}
