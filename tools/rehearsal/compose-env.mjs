// @ts-check
// The rehearsal reads docker/compose.yaml, never a copy of it: each process gets the environment
// compose passes to its container (docs/product/rules.md#R851), interpolated as compose does
// (`${VAR:-default}`, `${VAR}`; a key without a value is passed only when set), from the variables
// an operator's `.env` would hold. Only what differs between a container and a process on one
// machine is then laid over it, by the caller, and listed (`machineOverrides`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { ROOT } from '../lib/processes.mjs';

export const COMPOSE_FILE = join(ROOT, 'docker/compose.yaml');
export const GATEWAY_CONF = join(ROOT, 'docker/nginx-api.conf');

/** docker/compose.yaml, anchors and aliases resolved. */
export function readCompose() {
  return YAML.parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true, maxAliasCount: -1 });
}

/**
 * Compose's interpolation of one value: `${VAR:-default}` (default when unset or empty),
 * `${VAR-default}` (default when unset), `${VAR}`, `$$` for a dollar.
 * @param {string} value @param {Record<string, string | undefined>} vars
 */
export function interpolate(value, vars) {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g, (whole, name, op, fallback) => {
    if (whole === '$$') return '$';
    const set = vars[name];
    if (op === ':-') return set ? set : fallback;
    if (op === '-') return set !== undefined ? set : fallback;
    return set ?? '';
  });
}

/**
 * The environment compose gives `service`'s containers, from the operator's variables `vars`.
 * @param {ReturnType<typeof readCompose>} compose @param {string} service @param {Record<string, string | undefined>} vars
 * @returns {Record<string, string>}
 */
export function serviceEnv(compose, service, vars) {
  const declared = compose.services?.[service]?.environment;
  if (!declared) throw new Error(`docker/compose.yaml has no environment for the service "${service}"`);
  /** @type {Record<string, string>} */
  const env = {};
  const entries = Array.isArray(declared)
    ? declared.map((line) => { const at = String(line).indexOf('='); return at < 0 ? [line, null] : [line.slice(0, at), line.slice(at + 1)]; })
    : Object.entries(declared);
  for (const [key, raw] of entries) {
    if (raw === null || raw === undefined) {
      if (vars[key]) env[key] = /** @type {string} */ (vars[key]);
    } else {
      env[key] = interpolate(String(raw), vars);
    }
  }
  return env;
}

/** `host:port` of a compose service name in a URL, replaced by a loopback address. @param {string} value @param {Record<string, string>} hosts */
export function toLoopback(value, hosts) {
  let out = value;
  for (const [from, to] of Object.entries(hosts)) out = out.replaceAll(`//${from}`, `//${to}`).replaceAll(`@${from}`, `@${to}`);
  return out;
}

