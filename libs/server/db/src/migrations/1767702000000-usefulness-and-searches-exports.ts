import { MigrationInterface, QueryRunner } from 'typeorm';

/** docs/product/rules.md#R967, #R973: the admins' CSV exports also give the usefulness comments and the searches. */
export class UsefulnessAndSearchesExports1767702000000 implements MigrationInterface {
  name = 'UsefulnessAndSearchesExports1767702000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admin_export_log DROP CONSTRAINT admin_export_log_kind_check`);
    await q.query(`ALTER TABLE admin_export_log ADD CONSTRAINT admin_export_log_kind_check CHECK (kind IN ('leads', 'downloads', 'usefulness', 'searches'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM admin_export_log WHERE kind IN ('usefulness', 'searches')`);
    await q.query(`ALTER TABLE admin_export_log DROP CONSTRAINT admin_export_log_kind_check`);
    await q.query(`ALTER TABLE admin_export_log ADD CONSTRAINT admin_export_log_kind_check CHECK (kind IN ('leads', 'downloads'))`);
  }
}
