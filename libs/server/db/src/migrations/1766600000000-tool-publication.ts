import { MigrationInterface, QueryRunner } from 'typeorm';

/** `published_at` as PostgreSQL computes it (also recorded for TypeORM, see 1764200000000). */
export const PUBLISHED_AT_EXPRESSION = 'CASE WHEN is_draft THEN NULL ELSE COALESCE(publish_at, created_at) END';

const RECENT_INDEXES: Array<[name: string, columns: string]> = [
  ['tool_recent_idx', 'published_at DESC, id DESC'],
  ['tool_category_recent_idx', 'category_id, published_at DESC, id DESC'],
  ['tool_type_recent_idx', 'type_id, published_at DESC, id DESC'],
  ['tool_difficulty_recent_idx', 'difficulty, published_at DESC, id DESC'],
];

/**
 * Drafts and scheduled publication (docs/product/rules.md#R650): `is_draft` (a draft is never
 * public), `publish_at` (the chosen moment; NULL means "when created"), and the stored
 * `published_at` that every public read compares with `now()` (docs/product/rules.md#R651). Every
 * existing tool stays published, from its creation. The listing's "recent" order follows the
 * publication date (docs/product/rules.md#R653): its indexes keep their names and walk
 * `published_at`. The catalogue's update trigger also speaks when the publication changes.
 */
export class ToolPublication1766600000000 implements MigrationInterface {
  name = 'ToolPublication1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tool ADD COLUMN is_draft boolean NOT NULL DEFAULT false, ADD COLUMN publish_at timestamptz`);
    await q.query(`ALTER TABLE tool ADD COLUMN published_at timestamptz GENERATED ALWAYS AS (${PUBLISHED_AT_EXPRESSION}) STORED`);
    await q.query(
      `INSERT INTO typeorm_metadata ("type", "database", "schema", "table", "name", "value")
       VALUES ('GENERATED_COLUMN', current_database(), 'public', 'tool', 'published_at', $1)`,
      [PUBLISHED_AT_EXPRESSION],
    );
    for (const [name, columns] of RECENT_INDEXES) {
      await q.query(`DROP INDEX IF EXISTS ${name}`);
      await q.query(`CREATE INDEX ${name} ON tool (${columns})`);
    }
    await q.query(`DROP INDEX IF EXISTS tool_featured_idx`);
    await q.query(`CREATE INDEX tool_featured_idx ON tool (published_at DESC) WHERE is_featured`);
    await this.updateTrigger(q, ', OLD.is_draft, OLD.publish_at', ', NEW.is_draft, NEW.publish_at');
  }

  async down(q: QueryRunner): Promise<void> {
    await this.updateTrigger(q, '', '');
    await q.query(`DROP INDEX IF EXISTS tool_featured_idx`);
    for (const [name, columns] of RECENT_INDEXES) {
      await q.query(`DROP INDEX IF EXISTS ${name}`);
      await q.query(`CREATE INDEX ${name} ON tool (${columns.replace('published_at', 'created_at')})`);
    }
    await q.query(`CREATE INDEX tool_featured_idx ON tool (created_at DESC) WHERE is_featured`);
    await q.query(`DELETE FROM typeorm_metadata WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'tool' AND "name" = 'published_at'`);
    await q.query(`ALTER TABLE tool DROP COLUMN published_at, DROP COLUMN publish_at, DROP COLUMN is_draft`);
  }

  /**
   * The trigger as 1766500000000 left it (tool columns and file facts), with the publication
   * columns added to what it watches; `down` goes back to that.
   */
  private async updateTrigger(q: QueryRunner, oldExtra: string, newExtra: string): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS tool_updated_notify ON tool`);
    await q.query(`CREATE TRIGGER tool_updated_notify AFTER UPDATE ON tool FOR EACH ROW
      WHEN ((OLD.slug, OLD.name, OLD.description, OLD.goal, OLD.people, OLD.duration, OLD.type_id, OLD.category_id,
             OLD.difficulty, OLD.is_featured, OLD.created_at, OLD.file_mime, OLD.file_size, OLD.file_pages,
             OLD.file_updated_at, OLD.preview_key, OLD.preview_width, OLD.preview_height${oldExtra})
            IS DISTINCT FROM (NEW.slug, NEW.name, NEW.description, NEW.goal, NEW.people, NEW.duration, NEW.type_id,
             NEW.category_id, NEW.difficulty, NEW.is_featured, NEW.created_at, NEW.file_mime, NEW.file_size, NEW.file_pages,
             NEW.file_updated_at, NEW.preview_key, NEW.preview_width, NEW.preview_height${newExtra}))
      EXECUTE FUNCTION catalogue_tool_row_updated()`);
  }
}
