import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tool versions (docs/product/rules.md#R900–R905): every file a tool has had, numbered from 1,
 * with its facts, its storage key and the note « Quoi de neuf ? ». The tool row keeps the current
 * version's number and note beside its file, so that every public read answers them without a join.
 * Existing tools get their version 1 (their current file, dated when it was last replaced or created).
 * Each download remembers the version it served (docs/product/rules.md#R906).
 */
export class ToolVersions1767500000000 implements MigrationInterface {
  name = 'ToolVersions1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE tool_version (
      id SERIAL PRIMARY KEY,
      tool_id int NOT NULL CONSTRAINT tool_version_tool_id_fkey REFERENCES tool(id) ON DELETE CASCADE,
      number int NOT NULL,
      file_key varchar(300) NOT NULL,
      file_name varchar(255) NOT NULL,
      file_mime varchar(120) NOT NULL,
      file_size int NOT NULL,
      file_pages int,
      preview_key varchar(300),
      preview_width int,
      preview_height int,
      note text,
      is_minor boolean NOT NULL DEFAULT false,
      restored_from int,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT tool_version_number_check CHECK (number > 0),
      CONSTRAINT tool_version_note_check CHECK (note IS NULL OR char_length(note) <= 1000),
      CONSTRAINT tool_version_tool_number_key UNIQUE (tool_id, number)
    )`);
    await q.query(`CREATE INDEX tool_version_created_idx ON tool_version (created_at)`);
    await q.query(`INSERT INTO tool_version (tool_id, number, file_key, file_name, file_mime, file_size, file_pages,
                     preview_key, preview_width, preview_height, created_at)
      SELECT id, 1, file_key, file_name, file_mime, file_size, file_pages, preview_key, preview_width, preview_height,
             COALESCE(file_updated_at, created_at) FROM tool ORDER BY id`);
    await q.query(`ALTER TABLE tool ADD COLUMN version_number int NOT NULL DEFAULT 1, ADD COLUMN version_note text`);
    await q.query(`ALTER TABLE download_log ADD COLUMN version_number int`);
    // Every way a tool is created (the admin's form, the seed, imports) gives it its first version.
    await q.query(`CREATE FUNCTION tool_first_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO tool_version (tool_id, number, file_key, file_name, file_mime, file_size, file_pages, note, created_at)
        VALUES (NEW.id, NEW.version_number, NEW.file_key, NEW.file_name, NEW.file_mime, NEW.file_size, NEW.file_pages,
                NEW.version_note, NEW.created_at)
        ON CONFLICT (tool_id, number) DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER tool_first_version AFTER INSERT ON tool FOR EACH ROW EXECUTE FUNCTION tool_first_version()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS tool_first_version ON tool`);
    await q.query(`DROP FUNCTION IF EXISTS tool_first_version()`);
    await q.query(`ALTER TABLE download_log DROP COLUMN IF EXISTS version_number`);
    await q.query(`ALTER TABLE tool DROP COLUMN IF EXISTS version_number, DROP COLUMN IF EXISTS version_note`);
    await q.query(`DROP TABLE IF EXISTS tool_version`);
  }
}
