import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

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

export interface TimedEventsSpec<L extends string> {
  labelNames: readonly L[];
  count: { name: string; help: string };
  duration: { name: string; help: string; buckets: number[] };
}

/** Events counted and timed with the same labels (requests answered, jobs run). */
export interface TimedEvents<L extends string> {
  /** Counts one event; times it too when its duration is known. */
  record(labels: Record<L, string>, seconds?: number): void;
}

/** A counter and a duration histogram over the same labels, on `registry`. */
export function timedEvents<L extends string>(registry: Registry, spec: TimedEventsSpec<L>): TimedEvents<L> {
  const labelNames = [...spec.labelNames];
  const count = new Counter<L>({ ...spec.count, labelNames, registers: [registry] });
  const duration = new Histogram<L>({ ...spec.duration, labelNames, registers: [registry] });
  return {
    record(labels, seconds) {
      count.inc(labels as never);
      if (seconds !== undefined) duration.observe(labels as never, seconds);
    },
  };
}
