#!/usr/bin/env node
// @ts-check
// Repairs package-lock.json when `npm ci` says "Missing: @swc/core-darwin-arm64@ from lock file".
// Cause: a registry (or mirror) that does not serve other platforms' binary packages makes
// `npm install` leave their entries out of the lock, and `npm ci` then refuses the lock.
// This adds an entry (version, os, cpu, libc, optional) for each of them, taken from the parent's
// optionalDependencies; npm ci skips them on other platforms without downloading anything.
// Usage: flock /tmp/npm.lock node tools/start/fix-lockfile.mjs [package-lock.json]
import { readFileSync, writeFileSync } from 'node:fs';
const lockPath = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;
// Optional dependencies with no lock entry next to their parent nor at the top.
const missing = [...new Set(Object.entries(pkgs).flatMap(([key, p]) =>
  Object.keys(p.optionalDependencies ?? {}).filter((name) => !pkgs[`node_modules/${name}`] && !pkgs[`${key}/node_modules/${name}`])))];
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'openharmony', 'netbsd', 'sunos', 'aix'];
const CPU = [['arm64', 'arm64'], ['aarch64', 'arm64'], ['x64', 'x64'], ['ia32', 'ia32'], ['ppc64', 'ppc64'], ['s390x', 's390x'], ['loong64', 'loong64'], ['riscv64', 'riscv64'], ['arm', 'arm']];
let added = 0;
for (const name of missing) {
  const key = `node_modules/${name}`;
  if (pkgs[key]) continue;
  const parents = Object.entries(pkgs).filter(([, p]) => p.optionalDependencies?.[name]);
  if (parents.length !== 1) { console.error(`? ${name}: ${parents.length} parents`); continue; }
  const [parentKey, parent] = parents[0];
  const version = parent.optionalDependencies[name];
  if (!/^\d+\.\d+\.\d+/.test(version)) { console.error(`? ${name}: spec ${version}`); continue; }
  const parts = name.split('/')[1].split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find(([token]) => parts.includes(token))?.[1];
  if (!os || !cpu) { console.error(`? ${name}: os ${os} cpu ${cpu}`); continue; }
  /** @type {{ version: string, cpu: string[], dev?: boolean, devOptional?: boolean, libc?: string[], optional?: boolean, os?: string[] }} */
  const entry = { version, cpu: [cpu] };
  if (parent.dev) entry.dev = true;
  if (parent.devOptional) entry.devOptional = true;
  if (os === 'linux') entry.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  entry.optional = true;
  entry.os = [os];
  pkgs[key] = entry;
  added++;
  console.log(`+ ${key} ${version} ${os}/${cpu}${entry.libc ? '/' + entry.libc : ''} (from ${parentKey})`);
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`${added} entries added`);
