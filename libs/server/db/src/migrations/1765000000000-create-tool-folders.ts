import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Download folders (docs/product/rules.md#R500): a member's named folders of tools, ordered,
 * shareable through an unguessable token, and marked as kits by an admin. An item keeps the
 * tool's name so that a folder whose tool was deleted can still say which one is missing
 * (docs/product/rules.md#R512).
 */
export class CreateToolFolders1765000000000 implements MigrationInterface {
  name = 'CreateToolFolders1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE tool_folder (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      name varchar(80) NOT NULL,
      description varchar(300),
      share_token varchar(43) UNIQUE,
      shared_at timestamptz,
      is_kit boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT tool_folder_kit_is_public CHECK (NOT is_kit OR share_token IS NOT NULL))`);
    await q.query(`CREATE INDEX tool_folder_user_idx ON tool_folder (user_id, created_at)`);
    await q.query(`CREATE INDEX tool_folder_kit_idx ON tool_folder (updated_at DESC) WHERE is_kit`);

    await q.query(`CREATE TABLE tool_folder_item (
      id bigserial PRIMARY KEY,
      folder_id uuid NOT NULL REFERENCES tool_folder(id) ON DELETE CASCADE,
      tool_id int REFERENCES tool(id) ON DELETE SET NULL,
      tool_name varchar(160) NOT NULL,
      position int NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX tool_folder_item_tool_uniq ON tool_folder_item (folder_id, tool_id) WHERE tool_id IS NOT NULL`);
    await q.query(`CREATE INDEX tool_folder_item_folder_idx ON tool_folder_item (folder_id, position)`);
    await q.query(`CREATE INDEX tool_folder_item_tool_idx ON tool_folder_item (tool_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS tool_folder_item`);
    await q.query(`DROP TABLE IF EXISTS tool_folder`);
  }
}
