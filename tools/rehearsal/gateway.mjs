// @ts-check
// The API gateway of the rehearsal: Debian's nginx running docker/nginx-api.conf itself, rendered
// for loopback (docs/product/rules.md#R852). Every change made to the file is listed in
// RENDERING and must apply exactly once: if compose's file changes shape, the rehearsal stops
// instead of rehearsing something else. The web servers, which compose publishes directly, get a
// round-robin of their own here so that one can restart under load.
// The health checker stands in for a load balancer's active checks (open-source nginx has none):
// it polls each API's `/health/ready` and takes a failing one out of the upstream (reload),
// docs/product/rules.md#R855. Retries on the other process are compose's file's own (docs/product/rules.md#R854).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onCleanup } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { sleep, waitFor, portAnswers } from '../lib/ports.mjs';
import { ManagedProcess, ROOT } from '../lib/processes.mjs';
import { GATEWAY_CONF } from './compose-env.mjs';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * The substitutions that turn the compose gateway into the loopback one.
 * @param {{ port: number, dir: string }} options
 * @returns {Array<[RegExp, string, string]>} pattern, replacement, why
 */
const RENDERING = ({ port, dir }) => [
  [/^\s*listen 80;$/m, `  listen 127.0.0.1:${port};`, 'loopback and a free port instead of the container’s port 80'],
  [/^\s*listen \[::\]:80;\n/m, '', 'no IPv6 listener on loopback'],
  [/^\s*resolver 127\.0\.0\.11 [^;]*;\n/m, '', 'no Docker DNS: the replicas are the upstream group below'],
  [/set \$api http:\/\/api:3000;/, 'set $api http://outils_api;', '`api` (every replica, by Docker DNS) becomes the upstream group of the API processes'],
  [/\/var\/cache\/nginx\/outils-api/, join(dir, 'cache'), 'cache in the run’s scratch folder'],
  [/\/var\/log\/nginx\/access\.log/, join(dir, 'access.log'), 'access log in the run’s scratch folder'],
];

/** @param {string} source @param {{ port: number, dir: string }} options */
export function renderGatewayConf(source, options) {
  let out = source;
  for (const [pattern, replacement, why] of RENDERING(options)) {
    const count = (out.match(new RegExp(pattern.source, `${pattern.flags}g`)) ?? []).length;
    if (count !== 1) throw new Error(`docker/nginx-api.conf changed shape: ${pattern} matches ${count} times (${why})`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/**
 * @param {{ apiPorts: number[], webPorts: number[], webPort: number, dir: string, logDir: string, down?: Set<number> }} options
 */
function mainConf({ apiPorts, webPorts, webPort, dir, logDir, down = new Set() }) {
  // nginx's defaults (max_fails=1 fail_timeout=10s, no keepalive pool): what compose's gateway
  // gets for the addresses Docker's DNS gives for `api` (an implicit upstream takes no settings).
  const servers = (/** @type {number[]} */ ports) => ports.map((p) => `    server 127.0.0.1:${p}${down.has(p) ? ' down' : ''};`).join('\n');
  return `# Rendered by tools/rehearsal/gateway.mjs: the official image's nginx.conf, then docker/nginx-api.conf.
worker_processes auto;
pid ${join(dir, 'nginx.pid')};
error_log ${join(logDir, 'gateway-error.log')} warn;
events { worker_connections 4096; }
http {
  default_type application/octet-stream;
  sendfile on;
  keepalive_timeout 65;
  client_body_temp_path ${join(dir, 'tmp/client')};
  proxy_temp_path ${join(dir, 'tmp/proxy')};
  fastcgi_temp_path ${join(dir, 'tmp/fastcgi')};
  uwsgi_temp_path ${join(dir, 'tmp/uwsgi')};
  scgi_temp_path ${join(dir, 'tmp/scgi')};
  upstream outils_api {
${servers(apiPorts)}
  }
  include ${join(dir, 'api.conf')};

  # The web servers (compose: the \`web\` service), round-robin; a restarting one is skipped.
  upstream outils_web {
${servers(webPorts)}
  }
  server {
    listen 127.0.0.1:${webPort};
    access_log off;
    location / {
      proxy_pass http://outils_web;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/**
 * Starts nginx; returns its handle, `setDown(ports)` (reload with those API processes out of
 * rotation) and the health checker's `watchReadiness()`.
 * @param {{ apiPorts: number[], webPorts: number[], port: number, webPort: number, dir: string, logDir: string }} options
 */
export async function startGateway({ apiPorts, webPorts, port, webPort, dir, logDir }) {
  if (!NGINX) throw new Error('nginx is missing (Debian: apt-get install nginx; .ci/run installs it)');
  for (const sub of ['cache', 'tmp/client', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(join(dir, sub), { recursive: true });
  // nginx's workers drop to `nobody` when started as root: they must write the cache and temp files.
  for (const sub of ['', 'cache', 'tmp', 'tmp/client', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) chmodSync(join(dir, sub), 0o777);
  writeFileSync(join(dir, 'api.conf'), renderGatewayConf(readFileSync(GATEWAY_CONF, 'utf8'), { port, dir }));
  const confFile = join(dir, 'nginx.conf');
  /** @type {Set<number>} */
  let down = new Set();
  const write = () => writeFileSync(confFile, mainConf({ apiPorts, webPorts, webPort, dir, logDir, down }));
  write();
  const test = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', confFile], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the rendered configuration:\n${test.stderr}`);
  const nginx = new ManagedProcess('gateway', NGINX, ['-p', dir, '-c', confFile, '-g', 'daemon off;'], { cwd: ROOT, env: process.env, logDir, stopSignal: 'SIGQUIT' });
  onCleanup(() => nginx.stop());
  await waitFor(() => portAnswers('127.0.0.1', port), { timeoutMs: 10_000, what: 'nginx (API gateway)' });

  /** @param {Iterable<number>} ports */
  const setDown = async (ports) => {
    const next = new Set(ports);
    if ([...next].sort().join() === [...down].sort().join()) return false;
    down = next;
    write();
    nginx.signalGroup('SIGHUP');
    await sleep(300); // new workers take over; old ones finish their requests
    return true;
  };

  /**
   * Polls `/health/ready` of every API process every `everyMs`; `onChange(port, ready)` is told.
   * @param {{ everyMs?: number, onChange?: (port: number, ready: boolean) => void }} [options]
   */
  const watchReadiness = ({ everyMs = 500, onChange } = {}) => {
    let stopped = false;
    // Like a load balancer's thresholds: out after 2 failed checks in a row (one slow check on a
    // busy machine is not an outage), back after 1 good one.
    /** @type {Map<number, number>} */
    const failures = new Map();
    void (async () => {
      while (!stopped) {
        const results = await Promise.all(apiPorts.map(async (p) => {
          try {
            const res = await fetch(`http://127.0.0.1:${p}/health/ready`, { signal: AbortSignal.timeout(2_000) });
            return [p, res.ok];
          } catch {
            return [p, false];
          }
        }));
        for (const [p, ok] of results) failures.set(/** @type {number} */ (p), ok ? 0 : (failures.get(/** @type {number} */ (p)) ?? 0) + 1);
        const failing = apiPorts.filter((p) => (failures.get(p) ?? 0) >= 2);
        // Never every replica out: with none ready, keep them all (a 503 beats a 502).
        const target = failing.length === apiPorts.length ? [] : failing;
        const before = new Set(down);
        if (await setDown(target)) {
          for (const p of apiPorts) if (before.has(p) !== down.has(p)) onChange?.(p, !down.has(p));
          log(`gateway: API out of rotation: ${[...down].join(', ') || 'none'}`);
        }
        await sleep(everyMs);
      }
    })();
    return () => { stopped = true; };
  };
  return { nginx, setDown, watchReadiness, down: () => new Set(down), url: `http://127.0.0.1:${port}`, webUrl: `http://127.0.0.1:${webPort}`, confFile };
}
