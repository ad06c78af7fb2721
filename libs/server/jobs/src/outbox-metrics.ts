import { Gauge, type Registry } from 'prom-client';
import type { OutboxPendingStats } from './outbox.repository';

/**
 * The outbox figures both the API's and the worker's `/metrics` show, read at scrape time (so
 * that every replica reports the same values): rows not yet handed to a queue, and the age of
 * the oldest one.
 */
export function registerOutboxGauges(registers: Registry[], pendingStats: () => Promise<OutboxPendingStats>): void {
  new Gauge({
    name: 'outils_outbox_pending',
    help: 'Outbox rows not yet handed to a queue.',
    registers,
    async collect() {
      this.set((await pendingStats()).count);
    },
  });
  new Gauge({
    name: 'outils_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox row not yet handed to a queue (0 when none).',
    registers,
    async collect() {
      this.set((await pendingStats()).oldestAgeSeconds);
    },
  });
}
