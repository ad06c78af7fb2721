import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Honest counts (docs/product/rules.md#R670): a fetch that is not a download (a robot, a `HEAD`, the
 * same signed link again) is kept in `download_log` with `counted = false` and its reason, so that
 * figures can be recomputed; only counted rows make a signed link "used".
 * Daily figures for the statistics page (docs/product/rules.md#R675), kept by the worker: downloads per
 * Europe/Paris day and tool, sign-ups and confirmed newsletter subscriptions per day; filled here
 * once from the existing rows. Every admin export is logged (docs/product/rules.md#R684).
 */
export class HonestCountsAndDailyStats1766700000000 implements MigrationInterface {
  name = 'HonestCountsAndDailyStats1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE download_log
      ADD COLUMN counted boolean NOT NULL DEFAULT true,
      ADD COLUMN excluded_reason varchar(12),
      ADD CONSTRAINT download_log_excluded_reason_check CHECK (
        (counted AND excluded_reason IS NULL) OR (NOT counted AND excluded_reason IN ('bot', 'head', 'repeat')))`);
    await q.query(`DROP INDEX IF EXISTS download_log_link_idx`);
    await q.query(`CREATE UNIQUE INDEX download_log_link_idx ON download_log (link_id) WHERE link_id IS NOT NULL AND counted`);

    await q.query(`CREATE TABLE download_daily (
      day date NOT NULL,
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      downloads int NOT NULL,
      with_email int NOT NULL,
      PRIMARY KEY (day, tool_id))`);
    await q.query(`CREATE INDEX download_daily_tool_idx ON download_daily (tool_id, day)`);
    await q.query(`CREATE TABLE activity_daily (
      day date PRIMARY KEY,
      signups int NOT NULL,
      subscriptions int NOT NULL)`);
    await q.query(`CREATE TABLE admin_export_log (
      id bigserial PRIMARY KEY,
      admin_id uuid REFERENCES app_user(id) ON DELETE SET NULL,
      admin_email varchar(254) NOT NULL,
      kind varchar(16) NOT NULL CONSTRAINT admin_export_log_kind_check CHECK (kind IN ('leads', 'downloads')),
      range_from date NOT NULL,
      range_to date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX admin_export_log_created_idx ON admin_export_log (created_at)`);

    await q.query(`INSERT INTO download_daily (day, tool_id, downloads, with_email)
      SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, tool_id, count(*), count(email)
        FROM download_log GROUP BY 1, 2`);
    await q.query(`INSERT INTO activity_daily (day, signups, subscriptions)
      SELECT day, sum(signups), sum(subscriptions) FROM (
        SELECT (activated_at AT TIME ZONE 'Europe/Paris')::date AS day, 1 AS signups, 0 AS subscriptions FROM app_user WHERE activated_at IS NOT NULL
        UNION ALL
        SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, 0, 1 FROM newsletter_event WHERE kind = 'confirmed') x
      GROUP BY day`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS admin_export_log`);
    await q.query(`DROP TABLE IF EXISTS activity_daily`);
    await q.query(`DROP TABLE IF EXISTS download_daily`);
    await q.query(`DELETE FROM download_log WHERE NOT counted`);
    await q.query(`DROP INDEX IF EXISTS download_log_link_idx`);
    await q.query(`CREATE UNIQUE INDEX download_log_link_idx ON download_log (link_id) WHERE link_id IS NOT NULL`);
    await q.query(`ALTER TABLE download_log DROP CONSTRAINT download_log_excluded_reason_check, DROP COLUMN excluded_reason, DROP COLUMN counted`);
  }
}
