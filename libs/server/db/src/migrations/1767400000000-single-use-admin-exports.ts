import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R881: an admin's CSV export link serves once. The log row of the export
 * records which link it came from (its nonce), and a second row for the same link cannot exist.
 */
export class SingleUseAdminExports1767400000000 implements MigrationInterface {
  name = 'SingleUseAdminExports1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admin_export_log ADD COLUMN link_id varchar(64)`);
    await q.query(`CREATE UNIQUE INDEX admin_export_log_link_idx ON admin_export_log (link_id) WHERE link_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS admin_export_log_link_idx`);
    await q.query(`ALTER TABLE admin_export_log DROP COLUMN IF EXISTS link_id`);
  }
}
