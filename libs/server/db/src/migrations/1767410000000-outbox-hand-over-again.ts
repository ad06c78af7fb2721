import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R883: an outbox row handed to its queue but still unsent 15 minutes later
 * is handed over again (Redis may have lost the job), a bounded number of times. `handovers`
 * counts the hand-overs made again; the partial index serves the sweep that finds such rows.
 */
export class OutboxHandOverAgain1767410000000 implements MigrationInterface {
  name = 'OutboxHandOverAgain1767410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_message ADD COLUMN handovers int NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX outbox_message_unsent_idx ON outbox_message (dispatched_at) WHERE sent_at IS NULL AND dispatched_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbox_message_unsent_idx`);
    await q.query(`ALTER TABLE outbox_message DROP COLUMN IF EXISTS handovers`);
  }
}
