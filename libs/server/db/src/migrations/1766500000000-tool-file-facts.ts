import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a download holds (docs/product/rules.md#R631–R636): the file's pages (PDF and DOCX), the
 * date its file was last replaced, and the first page of a PDF rendered as an image (storage key
 * and size in pixels).
 *
 * Tools that exist already are inspected by the worker: one `inspect-tool-file` job per PDF or
 * DOCX, written here in the outbox in the migration's transaction (docs/product/rules.md#R637).
 *
 * The file's facts are now part of every public answer: a change of them notifies the read
 * models of every API instance like a change of the name (docs/product/rules.md#R302).
 */
export class ToolFileFacts1766500000000 implements MigrationInterface {
  name = 'ToolFileFacts1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tool
      ADD COLUMN file_pages int,
      ADD COLUMN file_updated_at timestamptz,
      ADD COLUMN preview_key varchar(300),
      ADD COLUMN preview_width int,
      ADD COLUMN preview_height int,
      ADD CONSTRAINT tool_file_pages_check CHECK (file_pages IS NULL OR file_pages > 0)`);
    await q.query(`INSERT INTO outbox_message (job_name, payload)
      SELECT 'inspect-tool-file', jsonb_build_object('toolId', id, 'fileKey', file_key) FROM tool
      WHERE file_mime IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      ORDER BY id`);
    await q.query(`DROP TRIGGER tool_updated_notify ON tool`);
    await q.query(`CREATE TRIGGER tool_updated_notify AFTER UPDATE ON tool FOR EACH ROW
      WHEN ((OLD.slug, OLD.name, OLD.description, OLD.goal, OLD.people, OLD.duration, OLD.type_id, OLD.category_id,
             OLD.difficulty, OLD.is_featured, OLD.created_at, OLD.file_mime, OLD.file_size, OLD.file_pages,
             OLD.file_updated_at, OLD.preview_key, OLD.preview_width, OLD.preview_height)
            IS DISTINCT FROM (NEW.slug, NEW.name, NEW.description, NEW.goal, NEW.people, NEW.duration, NEW.type_id,
             NEW.category_id, NEW.difficulty, NEW.is_featured, NEW.created_at, NEW.file_mime, NEW.file_size, NEW.file_pages,
             NEW.file_updated_at, NEW.preview_key, NEW.preview_width, NEW.preview_height))
      EXECUTE FUNCTION catalogue_tool_row_updated()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER tool_updated_notify ON tool`);
    await q.query(`CREATE TRIGGER tool_updated_notify AFTER UPDATE ON tool FOR EACH ROW
      WHEN ((OLD.slug, OLD.name, OLD.description, OLD.goal, OLD.people, OLD.duration, OLD.type_id, OLD.category_id,
             OLD.difficulty, OLD.is_featured, OLD.created_at)
            IS DISTINCT FROM (NEW.slug, NEW.name, NEW.description, NEW.goal, NEW.people, NEW.duration, NEW.type_id,
             NEW.category_id, NEW.difficulty, NEW.is_featured, NEW.created_at))
      EXECUTE FUNCTION catalogue_tool_row_updated()`);
    await q.query(`DELETE FROM outbox_message WHERE job_name = 'inspect-tool-file' AND sent_at IS NULL`);
    await q.query(`ALTER TABLE tool DROP CONSTRAINT tool_file_pages_check,
      DROP COLUMN file_pages, DROP COLUMN file_updated_at, DROP COLUMN preview_key, DROP COLUMN preview_width, DROP COLUMN preview_height`);
  }
}
