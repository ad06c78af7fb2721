import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A program's own Prometheus registry with Node's default figures under `prefix` (`outils_api_`,
 * `outils_worker_`). One registry per application instance, not prom-client's global one, so
 * that several instances in one process — the integration tests — do not collide.
 */
export function programRegistry(prefix: string): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  return registry;
}
