import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R1005, R1006: the random salt of each Paris day's visitor hash, drawn once by
 * whichever API process counts first and shared by all, never derived from a secret; the nightly
 * housekeeping deletes the salts of the past days and the counted events older than the 13 months
 * the report shows (hence the index by day).
 */
export class PartnerVisitorSalt1768210000000 implements MigrationInterface {
  name = 'PartnerVisitorSalt1768210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partner_visitor_salt (
        day date PRIMARY KEY,
        salt bytea NOT NULL CHECK (octet_length(salt) = 32)
      )`);
    await q.query(`CREATE INDEX partner_event_by_day ON partner_event (day)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS partner_event_by_day`);
    await q.query(`DROP TABLE IF EXISTS partner_visitor_salt`);
  }
}
