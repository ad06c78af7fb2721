import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics page keeps the figures of past days in memory (docs/product/rules.md#R685): every
 * API instance checks this one generation number, in the same statement that reads today's live
 * rows, and drops what it kept when the number moved. The number is raised, inside the writing
 * transaction, by every statement that changes what those figures are made of: the daily rows
 * (the worker's job, a tool deleted by cascade, a SQL console), and a tool's name, address,
 * category or type, or its deletion.
 * A covering index lets the page sum a range of days from the index alone; two partial indexes
 * find today's sign-ups and confirmed subscriptions without reading every account and event.
 */
export class DailyStatsGeneration1766750000000 implements MigrationInterface {
  name = 'DailyStatsGeneration1766750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE daily_stats_generation (
      id boolean PRIMARY KEY DEFAULT true CONSTRAINT daily_stats_generation_one_row CHECK (id),
      generation bigint NOT NULL)`);
    await q.query(`INSERT INTO daily_stats_generation (id, generation) VALUES (true, 1)`);
    await q.query(`CREATE FUNCTION daily_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE daily_stats_generation SET generation = generation + 1;
        RETURN NULL;
      END $$`);
    for (const table of ['download_daily', 'activity_daily']) {
      await q.query(`CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_changed()`);
    }
    // A download_count update (every download) names none of these columns: it raises nothing.
    await q.query(`CREATE TRIGGER tool_stats_changed AFTER UPDATE OF name, slug, category_id, type_id OR DELETE ON tool
      FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_changed()`);
    await q.query(`CREATE INDEX download_daily_day_idx ON download_daily (day) INCLUDE (tool_id, downloads, with_email)`);
    await q.query(`CREATE INDEX app_user_activated_idx ON app_user (activated_at) WHERE activated_at IS NOT NULL`);
    await q.query(`CREATE INDEX newsletter_event_confirmed_idx ON newsletter_event (created_at) WHERE kind = 'confirmed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS newsletter_event_confirmed_idx`);
    await q.query(`DROP INDEX IF EXISTS app_user_activated_idx`);
    await q.query(`DROP INDEX IF EXISTS download_daily_day_idx`);
    await q.query(`DROP TRIGGER IF EXISTS tool_stats_changed ON tool`);
    await q.query(`DROP TRIGGER IF EXISTS activity_daily_changed ON activity_daily`);
    await q.query(`DROP TRIGGER IF EXISTS download_daily_changed ON download_daily`);
    await q.query(`DROP FUNCTION IF EXISTS daily_stats_changed()`);
    await q.query(`DROP TABLE IF EXISTS daily_stats_generation`);
  }
}
