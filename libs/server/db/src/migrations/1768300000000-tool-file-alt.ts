import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R942: the description an admin gives of an image tool file (JPG, PNG), its
 * alternative text, read by the document's accessibility check. Null for every tool until given.
 */
export class ToolFileAlt1768300000000 implements MigrationInterface {
  name = 'ToolFileAlt1768300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tool ADD COLUMN file_alt varchar(1000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tool DROP COLUMN IF EXISTS file_alt`);
  }
}
