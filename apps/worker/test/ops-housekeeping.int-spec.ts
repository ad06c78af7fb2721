import type { INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { HousekeepingHandlers } from '../src/housekeeping/housekeeping.handlers';
import { WorkerMetricsService } from '../src/metrics/worker-metrics.service';
import { startHousekeepingContext } from './support/housekeeping-context';

/**
 * The housekeeping handlers against the real database, in a context of their own: without the
 * worker's outbox relay, which would hand the test's pending outbox rows to the queue at once.
 */
describe('housekeeping handlers (real PostgreSQL)', () => {
  let context: INestApplicationContext;
  let db: DataSource;
  let handlers: HousekeepingHandlers;

  beforeAll(async () => {
    ({ context, db, handlers } = await startHousekeepingContext({ DOWNLOAD_LOG_RETENTION_MONTHS: '13' }));
  });

  afterAll(async () => {
    await context?.close();
  });

  async function user(): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO app_user (email, first_name, last_name, password_hash, activated_at, terms_accepted_at)
       VALUES ('hk-' || gen_random_uuid() || '@example.com', 'Camille', 'Martin', 'x', now(), now()) RETURNING id`,
    );
    return row.id;
  }

  it('deletes the searches\' daily figures after 13 months, nightly (docs/product/rules.md#R975)', async () => {
    const day = (monthsAgo: number, extraDays: number) =>
      db.query(`SELECT ((now() AT TIME ZONE 'Europe/Paris')::date - make_interval(months => $1, days => $2))::date::text AS d`, [monthsAgo, extraDays]).then((r) => r[0].d as string);
    const old = await day(13, 1);
    const kept = await day(13, -1);
    await db.query(`INSERT INTO search_daily (day, text, searches) VALUES ($1, 'hk ancienne', 1), ($2, 'hk recente', 1)`, [old, kept]);
    expect((await handlers.purgePersonalData()).searchDays).toBeGreaterThanOrEqual(1);
    const left = await db.query(`SELECT text FROM search_daily WHERE text LIKE 'hk %' ORDER BY text`);
    expect(left.map((r: { text: string }) => r.text)).toEqual(['hk recente']);
  });

  it('keeps partner events 13 whole months and deletes the visitor salts of past days, nightly (docs/product/rules.md#R1005, R1006)', async () => {
    const [partner] = await db.query(
      `INSERT INTO partner (name, website, contact_email, allowed_hosts) VALUES ('Partenaire HK', 'https://hk.example.fr', 'hk@example.fr', ARRAY['hk.example.fr']) RETURNING id`,
    );
    const dayOf = (sql: string) => db.query(`SELECT (${sql})::date::text AS d`).then((r) => r[0].d as string);
    const firstKept = await dayOf(`date_trunc('month', (now() AT TIME ZONE 'Europe/Paris')::date) - interval '12 months'`);
    const lastGone = await dayOf(`date_trunc('month', (now() AT TIME ZONE 'Europe/Paris')::date) - interval '12 months' - interval '1 day'`);
    const today = await dayOf(`(now() AT TIME ZONE 'Europe/Paris')::date`);
    const yesterday = await dayOf(`(now() AT TIME ZONE 'Europe/Paris')::date - 1`);
    for (const [visitor, day] of [['gone', lastGone], ['kept', firstKept], ['today', today]]) {
      await db.query(`INSERT INTO partner_event (partner_id, kind, item, visitor, day, occurred_at) VALUES ($1, 'view', '', $2, $3::date, now())`, [partner.id, visitor, day]);
    }
    await db.query(`DELETE FROM partner_visitor_salt`);
    await db.query(`INSERT INTO partner_visitor_salt (day, salt) VALUES ($1::date, decode(md5(random()::text) || md5(random()::text), 'hex')), ($2::date, decode(md5(random()::text) || md5(random()::text), 'hex'))`, [yesterday, today]);

    const report = await handlers.purgePersonalData();

    expect(report.partnerEvents).toBe(1);
    expect(report.visitorSalts).toBe(1);
    const left = await db.query(`SELECT visitor FROM partner_event WHERE partner_id = $1 ORDER BY day`, [partner.id]);
    expect(left.map((r: { visitor: string }) => r.visitor)).toEqual(['kept', 'today']);
    const salts = await db.query(`SELECT day::text AS d FROM partner_visitor_salt`);
    expect(salts.map((r: { d: string }) => r.d)).toEqual([today]);
    await db.query(`DELETE FROM partner WHERE id = $1`, [partner.id]);
  });

  it('purges expired sessions and spent one-time links, and keeps the live ones', async () => {
    const userId = await user();
    const session = (hash: string, expires: string) =>
      db.query(`INSERT INTO auth_session (user_id, token_hash, expires_at) VALUES ($1, $2, now() + $3::interval) RETURNING id`, [userId, hash.padEnd(64, '0'), expires]);
    const link = (hash: string, expires: string, usedAgo: string | null) =>
      db.query(
        `INSERT INTO one_time_token (user_id, purpose, token_hash, expires_at, used_at)
         VALUES ($1, 'reset', $2, now() + $3::interval, CASE WHEN $4::interval IS NULL THEN NULL ELSE now() - $4::interval END) RETURNING id`,
        [userId, hash.padEnd(64, '0'), expires, usedAgo],
      );
    const [[expired], [live]] = await Promise.all([session('a1', '-1 hour'), session('a2', '29 days')]);
    const [[linkExpired], [linkUsedLongAgo], [linkJustUsed], [linkLive]] = await Promise.all([
      link('b1', '-1 minute', null),
      link('b2', '30 minutes', '2 days'),
      link('b3', '30 minutes', '5 minutes'),
      link('b4', '30 minutes', null),
    ]);

    const result = await handlers.handle('purge-expired-tokens');

    expect(result).toEqual({ sessions: 1, oneTimeTokens: 2 });
    const sessions = (await db.query(`SELECT id FROM auth_session WHERE user_id = $1`, [userId])).map((r: { id: string }) => r.id);
    expect(sessions).toEqual([live.id]);
    expect(sessions).not.toContain(expired.id);
    const links = (await db.query(`SELECT id FROM one_time_token WHERE user_id = $1`, [userId])).map((r: { id: string }) => r.id).sort();
    expect(links).toEqual([linkJustUsed.id, linkLive.id].sort());
    expect(links).not.toContain(linkExpired.id);
    expect(links).not.toContain(linkUsedLongAgo.id);
  });

  it('deletes sign-ups never activated 48 h after, unless a live activation link remains', async () => {
    const signUp = async (createdAgo: string, activated: boolean, linkExpiresIn: string | null) => {
      const [row] = await db.query(
        `INSERT INTO app_user (email, first_name, last_name, password_hash, activated_at, terms_accepted_at, created_at)
         VALUES ('hk-' || gen_random_uuid() || '@example.com', 'Camille', 'Martin', 'x', CASE WHEN $2 THEN now() END, now(), now() - $1::interval)
         RETURNING id`,
        [createdAgo, activated],
      );
      if (linkExpiresIn) {
        await db.query(`INSERT INTO one_time_token (user_id, purpose, token_hash, expires_at) VALUES ($1, 'activation', md5(random()::text) || md5(random()::text), now() + $2::interval)`, [row.id, linkExpiresIn]);
      }
      return row.id as string;
    };
    const stale = await signUp('49 hours', false, '-1 hour');
    const staleNoLink = await signUp('3 days', false, null);
    const fresh = await signUp('47 hours', false, '1 hour');
    const resent = await signUp('4 days', false, '20 hours');
    const activated = await signUp('30 days', true, null);

    expect((await handlers.handle('purge-unactivated-accounts')).accounts).toBeGreaterThanOrEqual(2);

    const left = (await db.query(`SELECT id FROM app_user WHERE id = ANY($1::uuid[])`, [[stale, staleNoLink, fresh, resent, activated]])).map((r: { id: string }) => r.id);
    expect(left.sort()).toEqual([fresh, resent, activated].sort());
  });

  it('anonymises download logs older than the retention period and keeps the counts', async () => {
    const userId = await user();
    await db.query(`INSERT INTO category (name) VALUES ('Sujet HK') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO tool_type (name) VALUES ('Type HK') ON CONFLICT DO NOTHING`);
    const [tool] = await db.query(
      `INSERT INTO tool (slug, name, description, type_id, category_id, file_key, file_name, file_mime, file_size, download_count)
       SELECT 'outil-hk-' || gen_random_uuid(), 'Outil HK', 'Description', t.id, c.id, 'tools/hk.pdf', 'hk.pdf', 'application/pdf', 10, 3
         FROM tool_type t, category c WHERE t.name = 'Type HK' AND c.name = 'Sujet HK' RETURNING id`,
    );
    const log = (ago: string) =>
      db.query(`INSERT INTO download_log (tool_id, user_id, email, created_at) VALUES ($1, $2, 'lecteur@example.com', now() - $3::interval) RETURNING id`, [tool.id, userId, ago]);
    // One after the other, so that ids follow the order below.
    const [old] = await log('13 months 1 day');
    const [older] = await log('3 years');
    const [recent] = await log('12 months 20 days');

    expect(await handlers.handle('anonymise-old-download-logs')).toEqual({ anonymised: 2 });

    const rows: Array<{ id: string; user_id: string | null; email: string | null }> = await db.query(
      `SELECT id, user_id, email FROM download_log WHERE tool_id = $1 ORDER BY id`,
      [tool.id],
    );
    expect(rows).toEqual([
      { id: old.id, user_id: null, email: null },
      { id: older.id, user_id: null, email: null },
      { id: recent.id, user_id: userId, email: 'lecteur@example.com' },
    ]);
    expect((await db.query(`SELECT download_count FROM tool WHERE id = $1`, [tool.id]))[0].download_count).toBe(3);
    // A second run finds nothing left to do.
    expect(await handlers.handle('anonymise-old-download-logs')).toEqual({ anonymised: 0 });
  });

  it('reports outbox rows older than 5 minutes that were not sent, as a warning and a metric', async () => {
    const warn = jest.spyOn((handlers as unknown as { logger: { warn: (m: string) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const row = (createdAgo: string, dispatched: boolean, sent: boolean) =>
      db.query(
        `INSERT INTO outbox_message (job_name, payload, created_at, dispatched_at, sent_at)
         VALUES ('send-password-reset-mail', '{"to":"secret@example.com"}', now() - $1::interval,
                 CASE WHEN $2 THEN now() END, CASE WHEN $3 THEN now() END) RETURNING id`,
        [createdAgo, dispatched, sent],
      );
    const [[stuck]] = await Promise.all([row('6 minutes', false, false), row('20 minutes', true, false), row('1 hour', true, true), row('1 minute', false, false)]);
    try {
      expect(await handlers.handle('report-stale-outbox')).toEqual({ pending: 1, unsent: 1 });
      expect(warn).toHaveBeenCalledTimes(1);
      const line = warn.mock.calls[0][0];
      expect(line).toContain('2 message(s) older than 5 minutes not sent');
      expect(line).toContain(`${stuck.id} (send-password-reset-mail)`);
      expect(line).not.toContain('secret@example.com');
      const metrics = await context.get(WorkerMetricsService).scrape();
      expect(metrics).toContain('outils_outbox_stale_messages{state="pending"} 1');
      expect(metrics).toContain('outils_outbox_stale_messages{state="unsent"} 1');
    } finally {
      await db.query(`DELETE FROM outbox_message WHERE payload->>'to' = 'secret@example.com'`);
      warn.mockRestore();
    }
    expect(await handlers.handle('report-stale-outbox')).toEqual({ pending: 0, unsent: 0 });
  });
});
