import request from 'supertest';
import { DiagnosticLimits, MyDataExportLimits, PersonalDataMessages } from '@outils/contracts';
import { PERSONAL_DATA_PAGE, personalDataArchive, PersonalDataRepository } from '@outils/server-db/personal-data';
import { createTestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { binary, unzip } from '../factories/zip';
import { useTestApp } from '../support/suite-app';

const pathOf = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done(Buffer.concat(chunks)));
    stream.on('error', fail);
  });
}

/**
 * A member's personal data stays bounded (docs/product/rules.md#R780, #R781): 100 saved
 * diagnostics at most, the export's 'at once or by mail' choice counts every kind of row, and the
 * file is written from paged reads, never built whole.
 */
describe('my data: bounded per member, streamed export (real PostgreSQL)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  let tool: { id: number; slug: string; name: string };
  let answerId: number;

  beforeAll(async () => {
    tool = await createTestTool(t, { name: 'Tableau borné' });
    const q = (sql: string, params: unknown[]) => t.dataSource.query(sql, params);
    const [axis] = await q(`INSERT INTO diagnostic_axis (key, name, description, priority_text) VALUES ('bounds-test', 'Bornes', 'd', 'p') RETURNING id`, []);
    const [question] = await q(`INSERT INTO diagnostic_question (axis_id, text) VALUES ($1, 'Gardez-vous tout ?') RETURNING id`, [axis.id]);
    [{ id: answerId }] = await q(`INSERT INTO diagnostic_answer (question_id, text, points) VALUES ($1, 'Oui', 3) RETURNING id`, [question.id]);
  });

  const savedDates = async (member: TestUser): Promise<string[]> =>
    (await t.dataSource.query(`SELECT created_at FROM diagnostic_result WHERE user_id = $1 ORDER BY created_at`, [member.user.id]))
      .map((r: { created_at: Date }) => r.created_at.toISOString());

  it('keeps the 100 latest saved diagnostics: saving the 101st deletes the oldest, not another member\'s (R780)', async () => {
    const member = await createTestUser(t.dataSource);
    const other = await createTestUser(t.dataSource);
    for (const who of [member, other]) {
      await t.dataSource.query(
        `INSERT INTO diagnostic_result (user_id, answer_ids, scores, overall, priority_axis_ids, created_at)
         SELECT $1, $2::int[], '[]'::jsonb, 50, '{}'::int[], '2026-01-01T00:00:00Z'::timestamptz + make_interval(hours => g) FROM generate_series(1, $3) g`,
        [who.user.id, [answerId], DiagnosticLimits.savedMax],
      );
    }
    const before = await savedDates(member);
    expect(before).toHaveLength(100);
    const saved = await request(t.http).post('/api/diagnostic/results/create').set(member.headers).send({ answerIds: [answerId] }).expect(200);
    const after = await savedDates(member);
    expect(after).toHaveLength(100);
    expect(after).not.toContain(before[0]);
    expect(after.slice(0, 99)).toEqual(before.slice(1));
    expect(after[99]).toBe(saved.body.result.createdAt);
    expect(await savedDates(other)).toHaveLength(100);
    // Several saves at once still leave 100.
    await Promise.all([1, 2, 3].map(() => request(t.http).post('/api/diagnostic/results/create').set(member.headers).send({ answerIds: [answerId] }).expect(200)));
    expect(await savedDates(member)).toHaveLength(100);
  });

  it('counts every kind of row to choose the mailed file: few downloads but many folders is mailed (R968)', async () => {
    const member = await createTestUser(t.dataSource);
    const half = Math.ceil((MyDataExportLimits.atOnceMaxRows + 1) / 2);
    await t.dataSource.query(`INSERT INTO download_log (tool_id, user_id) SELECT $1, $2 FROM generate_series(1, $3)`, [tool.id, member.user.id, half]);
    await t.dataSource.query(`INSERT INTO tool_folder (user_id, name) SELECT $1, 'Dossier ' || g FROM generate_series(1, $2) g`, [member.user.id, half]);
    expect((await request(t.http).post('/api/user/export').set(member.headers).expect(200)).body).toEqual({ message: PersonalDataMessages.exportMailed });
    // The same member with fewer folders: at once.
    await t.dataSource.query(`DELETE FROM tool_folder WHERE user_id = $1 AND name <> 'Dossier 1'`, [member.user.id]);
    expect((await request(t.http).post('/api/user/export').set(member.headers).expect(200)).body).toEqual({ url: expect.any(String) });
  });

  it('writes the file from paged reads: no query returns more than a page, and pages join without loss or repeat (R781)', async () => {
    const member = await createTestUser(t.dataSource);
    const rows = PERSONAL_DATA_PAGE * 2 + 7;
    // Downloads sharing one millisecond, told apart by microseconds: the keyset must not lose them.
    await t.dataSource.query(
      `INSERT INTO download_log (tool_id, user_id, created_at) SELECT $1, $2, '2026-03-01T10:00:00Z'::timestamptz + make_interval(secs => g / 1000000.0) FROM generate_series(1, $3) g`,
      [tool.id, member.user.id, rows],
    );
    await t.dataSource.query(`INSERT INTO tool_folder (user_id, name, created_at) SELECT $1, 'Dossier ' || g, '2026-02-01T00:00:00Z'::timestamptz + make_interval(secs => g / 1000000.0) FROM generate_series(1, $2) g`,
      [member.user.id, PERSONAL_DATA_PAGE + 3]);
    const largest: number[] = [];
    const spy = Object.create(t.dataSource) as typeof t.dataSource;
    spy.query = (async (...args: Parameters<typeof t.dataSource.query>) => {
      const result = await t.dataSource.query(...args);
      if (Array.isArray(result)) largest.push(result.length);
      return result;
    }) as typeof t.dataSource.query;
    const archive = await personalDataArchive(new PersonalDataRepository(spy), member.user.id, (slug) => `https://outils.test/${slug}`);
    const entries = await unzip(await collect(archive!));
    expect(Math.max(...largest)).toBeLessThanOrEqual(PERSONAL_DATA_PAGE);
    const data = JSON.parse(entries.get('mes-donnees.json')!.toString());
    expect(data.telechargements).toHaveLength(rows);
    expect(data.dossiers.map((f: { nom: string }) => f.nom)).toEqual(Array.from({ length: PERSONAL_DATA_PAGE + 3 }, (_, i) => `Dossier ${i + 1}`));
    expect(entries.get('telechargements.csv')!.toString().trim().split('\r\n')).toHaveLength(rows + 1);
    expect(Object.keys(data)).toEqual(['profil', 'consentements', 'newsletter', 'favoris', 'dossiers', 'telechargements', 'resultatsDiagnostic', 'avisOutils', 'planSuivi']);
    expect(data.resultatsDiagnostic).toEqual([]);
  });

  it('sends the file at once as a stream, chunked, without a length known in advance (R781)', async () => {
    const member = await createTestUser(t.dataSource);
    await t.dataSource.query(`INSERT INTO download_log (tool_id, user_id) SELECT $1, $2 FROM generate_series(1, 1200)`, [tool.id, member.user.id]);
    const asked = await request(t.http).post('/api/user/export').set(member.headers).expect(200);
    const file = await request(t.http).get(pathOf(asked.body.url)).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-length']).toBeUndefined();
    expect(file.headers['transfer-encoding']).toBe('chunked');
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['cache-control']).toBe('no-store');
    const entries = await unzip(file.body as Buffer);
    expect(JSON.parse(entries.get('mes-donnees.json')!.toString()).telechargements).toHaveLength(1200);
  });
});
