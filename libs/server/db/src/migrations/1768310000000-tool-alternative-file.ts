import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R943: a tool's declared accessible alternative, another file (e.g. the DOCX
 * of a PDF) with its own facts. Null for every tool until an admin adds one; its accessibility check
 * is kept in `tool_file_accessibility` under its own storage key (docs/product/rules.md#R947).
 */
export class ToolAlternativeFile1768310000000 implements MigrationInterface {
  name = 'ToolAlternativeFile1768310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tool ADD COLUMN alt_file_key varchar(300), ADD COLUMN alt_file_name varchar(255),
      ADD COLUMN alt_file_mime varchar(120), ADD COLUMN alt_file_size int`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tool DROP COLUMN IF EXISTS alt_file_key, DROP COLUMN IF EXISTS alt_file_name,
      DROP COLUMN IF EXISTS alt_file_mime, DROP COLUMN IF EXISTS alt_file_size`);
  }
}
