import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R997–R1003: what is credited to a partner (its embed's views, sheets opened,
 * downloads and sign-ups that came through its signed attribution), counted once per visitor, item
 * and 30 seconds; the visitor is a hash salted per day, never the address nor the user agent. The
 * months already mailed to each partner (claimed in the mail's transaction) and its unsubscribe.
 */
export class PartnerReports1768200000000 implements MigrationInterface {
  name = 'PartnerReports1768200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partner_event (
        id bigserial PRIMARY KEY,
        partner_id uuid NOT NULL REFERENCES partner(id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL CHECK (kind IN ('view', 'sheet', 'download', 'signup')),
        item varchar(40) NOT NULL DEFAULT '',
        visitor varchar(64) NOT NULL,
        day date NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX partner_event_last ON partner_event (partner_id, visitor, kind, item, occurred_at DESC)`);
    await q.query(`CREATE INDEX partner_event_day ON partner_event (partner_id, day)`);
    await q.query(`
      CREATE TABLE partner_report (
        partner_id uuid NOT NULL REFERENCES partner(id) ON DELETE CASCADE,
        month date NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (partner_id, month)
      )`);
    await q.query(`ALTER TABLE partner ADD COLUMN reports_unsubscribed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE partner DROP COLUMN IF EXISTS reports_unsubscribed_at`);
    await q.query(`DROP TABLE IF EXISTS partner_report`);
    await q.query(`DROP TABLE IF EXISTS partner_event`);
  }
}
