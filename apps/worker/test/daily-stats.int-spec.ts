import type { INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { HousekeepingHandlers } from '../src/housekeeping/housekeeping.handlers';
import { startHousekeepingContext } from './support/housekeeping-context';

/**
 * The scheduled job that keeps the statistics' daily figures (docs/product/rules.md#R675, #R676),
 * against the real database: Europe/Paris days, counted rows only, idempotent.
 */
describe('aggregate-daily-stats (real PostgreSQL)', () => {
  let context: INestApplicationContext;
  let db: DataSource;
  let handlers: HousekeepingHandlers;
  let toolId: number;

  beforeAll(async () => {
    ({ context, db, handlers } = await startHousekeepingContext());
    await db.query(`INSERT INTO category (name) VALUES ('Sujet DS') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO tool_type (name) VALUES ('Type DS') ON CONFLICT DO NOTHING`);
    [{ id: toolId }] = await db.query(
      `INSERT INTO tool (slug, name, description, type_id, category_id, file_key, file_name, file_mime, file_size)
       SELECT 'outil-ds', 'Outil DS', 'Description', t.id, c.id, 'tools/ds.pdf', 'ds.pdf', 'application/pdf', 10
         FROM tool_type t, category c WHERE t.name = 'Type DS' AND c.name = 'Sujet DS' RETURNING id`,
    );
  });

  afterAll(async () => {
    await context?.close();
  });

  const log = (at: string, email: string | null, reason: string | null = null) =>
    db.query(`INSERT INTO download_log (tool_id, email, created_at, counted, excluded_reason) VALUES ($1, $2, $3, $4, $5)`, [toolId, email, at, reason === null, reason]);
  const daily = async () =>
    (await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, downloads, with_email FROM download_daily WHERE tool_id = $1 ORDER BY day`, [toolId]));

  it('counts each counted download on its Europe/Paris day, with e-mails apart, and ignores flagged rows; a second run writes the same', async () => {
    // 23:30 UTC on 31 March is 01:30 on 1 April in Paris (summer time since 29 March 2026).
    await log('2026-03-31T23:30:00Z', 'lecteur@example.com');
    await log('2026-03-31T21:59:00Z', null); // 23:59 on 31 March in Paris
    await log('2026-04-01T10:00:00Z', null);
    await log('2026-04-01T10:00:01Z', null, 'bot');
    await log('2026-04-01T10:00:02Z', null, 'repeat');
    await log('2026-04-01T10:00:03Z', null, 'head');
    const now = new Date('2026-04-02T08:00:00Z');

    const first = await handlers.aggregateDailyStats(now);
    expect(await daily()).toEqual([
      { day: '2026-03-31', downloads: 1, with_email: 0 },
      { day: '2026-04-01', downloads: 2, with_email: 1 },
    ]);
    expect(first.toolDays).toBe(2);

    await handlers.aggregateDailyStats(now);
    expect(await daily()).toEqual([
      { day: '2026-03-31', downloads: 1, with_email: 0 },
      { day: '2026-04-01', downloads: 2, with_email: 1 },
    ]);
  });

  it('rebuilds only the recent days: a row that became uncounted drops from its day, older days stay as they were', async () => {
    await db.query(`UPDATE download_log SET counted = false, excluded_reason = 'bot' WHERE tool_id = $1 AND created_at = '2026-04-01T10:00:00Z'`, [toolId]);
    await db.query(`DELETE FROM download_log WHERE tool_id = $1 AND created_at = '2026-03-31T21:59:00Z'`, [toolId]);
    // On 4 April, the last three days are 2..4 April: 31 March and 1 April are settled.
    await handlers.aggregateDailyStats(new Date('2026-04-04T08:00:00Z'));
    expect(await daily()).toEqual([
      { day: '2026-03-31', downloads: 1, with_email: 0 },
      { day: '2026-04-01', downloads: 2, with_email: 1 },
    ]);
    await handlers.aggregateDailyStats(new Date('2026-04-02T08:00:00Z'));
    expect(await daily()).toEqual([{ day: '2026-04-01', downloads: 1, with_email: 1 }]);
  });

  it('counts activated sign-ups and confirmed newsletter subscriptions per Paris day', async () => {
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, password_hash, activated_at, terms_accepted_at)
       VALUES ('ds-1@example.com', 'A', 'B', 'x', '2026-04-09T22:30:00Z', now()), ('ds-2@example.com', 'A', 'B', 'x', NULL, now())`,
    );
    const [sub] = await db.query(`INSERT INTO newsletter_subscriber (email, status, source) VALUES ('ds-n@example.com', 'subscribed', 'popup') RETURNING id`);
    await db.query(
      `INSERT INTO newsletter_event (subscriber_id, kind, source, created_at) VALUES ($1, 'requested', 'popup', '2026-04-10T08:00:00Z'), ($1, 'confirmed', 'popup', '2026-04-10T09:00:00Z')`,
      [sub.id],
    );
    await handlers.aggregateDailyStats(new Date('2026-04-11T08:00:00Z'));
    expect(await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, signups, subscriptions FROM activity_daily WHERE day BETWEEN '2026-04-09' AND '2026-04-11' ORDER BY day`))
      .toEqual([{ day: '2026-04-10', signups: 1, subscriptions: 1 }]);
  });
});
