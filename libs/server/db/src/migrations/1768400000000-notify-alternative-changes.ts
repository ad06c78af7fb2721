import { MigrationInterface, QueryRunner } from 'typeorm';

const WATCHED = `slug, name, description, goal, people, duration, type_id, category_id, difficulty, is_featured, created_at,
  file_mime, file_size, file_pages, file_updated_at, preview_key, preview_width, preview_height, is_draft, publish_at`;
const ALTERNATIVE = ', alt_file_key, alt_file_mime, alt_file_size';

/**
 * docs/product/rules.md#R945, docs/product/rules.md#R947: every public answer now shows the declared
 * accessible alternative (its format, size and check) and whether the document conforms through
 * it, so a new, replaced or removed alternative is a change of the tool for the catalogue's read
 * models on every instance, like a new file (the update trigger of 1766600000000 watches its columns too).
 */
export class NotifyAlternativeChanges1768400000000 implements MigrationInterface {
  name = 'NotifyAlternativeChanges1768400000000';

  async up(q: QueryRunner): Promise<void> {
    await this.updateTrigger(q, `${WATCHED}${ALTERNATIVE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.updateTrigger(q, WATCHED);
  }

  private async updateTrigger(q: QueryRunner, columns: string): Promise<void> {
    const of = (row: string) => columns.split(',').map((c) => `${row}.${c.trim()}`).join(', ');
    await q.query(`DROP TRIGGER IF EXISTS tool_updated_notify ON tool`);
    await q.query(`CREATE TRIGGER tool_updated_notify AFTER UPDATE ON tool FOR EACH ROW
      WHEN ((${of('OLD')}) IS DISTINCT FROM (${of('NEW')}))
      EXECUTE FUNCTION catalogue_tool_row_updated()`);
  }
}
