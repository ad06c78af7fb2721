import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R930, #R934: the accessibility check of each tool file, one row per tool
 * and file (`file_key`, the file's storage key: a replaced file has its own row, and the row of a
 * file the tool no longer has is removed by the next check). `criteria` holds one result per
 * criterion (id, status, label, reference, where, fix); `outcome` and `failed_count` summarise it.
 *
 * A change of a check is a change of what the public answers show: it notifies the read models
 * like an image of the tool does (same trigger function, same `tool_id` column).
 *
 * Tools that exist already are checked by the worker: one `check-document-accessibility` job per
 * tool whose format is checked, written here in the outbox in the migration's transaction.
 */
export class DocumentAccessibility1767600000000 implements MigrationInterface {
  name = 'DocumentAccessibility1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE tool_file_accessibility (
      tool_id int NOT NULL,
      file_key varchar(300) NOT NULL,
      format varchar(8),
      outcome varchar(12) NOT NULL,
      failed_count int NOT NULL DEFAULT 0,
      criteria jsonb NOT NULL DEFAULT '[]',
      checked_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT tool_file_accessibility_pkey PRIMARY KEY (tool_id, file_key),
      CONSTRAINT tool_file_accessibility_tool_id_fkey FOREIGN KEY (tool_id) REFERENCES tool(id) ON DELETE CASCADE)`);
    await q.query(`CREATE TRIGGER tool_file_accessibility_inserted_notify AFTER INSERT ON tool_file_accessibility REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_image_rows_changed()`);
    await q.query(`CREATE TRIGGER tool_file_accessibility_updated_notify AFTER UPDATE ON tool_file_accessibility REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_image_rows_changed()`);
    await q.query(`CREATE TRIGGER tool_file_accessibility_deleted_notify AFTER DELETE ON tool_file_accessibility REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_image_rows_changed()`);
    await q.query(`INSERT INTO outbox_message (job_name, payload)
      SELECT 'check-document-accessibility', jsonb_build_object('toolId', id, 'fileKey', file_key) FROM tool
      WHERE split_part(file_mime, ';', 1) IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'image/png', 'image/jpeg')
      ORDER BY id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM outbox_message WHERE job_name = 'check-document-accessibility' AND sent_at IS NULL`);
    await q.query(`DROP TABLE IF EXISTS tool_file_accessibility`);
  }
}
