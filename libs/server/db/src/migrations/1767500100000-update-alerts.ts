import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Update alerts (docs/product/rules.md#R910–R916): a member's choice, on by default; the day of
 * their last digest (one a day at most) and the date of the newest version it told them of, so
 * that the next digest says only what is new to them.
 */
export class UpdateAlerts1767500100000 implements MigrationInterface {
  name = 'UpdateAlerts1767500100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user
      ADD COLUMN update_alerts boolean NOT NULL DEFAULT true,
      ADD COLUMN update_alerts_sent_on date,
      ADD COLUMN update_alerts_through timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP COLUMN IF EXISTS update_alerts, DROP COLUMN IF EXISTS update_alerts_sent_on,
      DROP COLUMN IF EXISTS update_alerts_through`);
  }
}
