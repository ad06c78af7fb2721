import request from 'supertest';
import { InsightsApiRoutes } from '@outils/contracts';
import { binary, pathOf } from '../factories/downloads';
import { SearchesApiRoutes, SearchesMessages } from '@outils/contracts';
import { addDays, parisDay } from '@outils/server-db';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

describe('searches: what visitors look for (real PostgreSQL, docs/product/rules.md#R970–R974)', () => {
  const t = useTestApp();
  let member: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    member = await createTestUser(t.dataSource, { email: 'camille.recherche@example.com' });
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  });

  const record = (q: unknown, results: unknown, headers: Record<string, string> = {}) =>
    request(t.http).post(SearchesApiRoutes.record).set(headers).send({ q, results });
  const allRows = () => t.dataSource.query(`SELECT day::text AS day, text, searches, without_results, last_results, opened FROM search_daily ORDER BY text`);

  it('counts each search folded, per day, with its result count and opened results, and nothing about who searched', async () => {
    await record('  Sécurité INFORMATIQUE ', 4, member.headers).expect(200);
    await record('securite informatique', 3).expect(200);
    await record('Facture électronique', 0).expect(200);
    await record('facture electronique', 0).expect(200);
    await record('Tableau de bord', 2).expect(200);
    await request(t.http).post(SearchesApiRoutes.opened).send({ q: 'Sécurité informatique' }).expect(200);
    // An opening without a search that day counts nothing.
    await request(t.http).post(SearchesApiRoutes.opened).send({ q: 'jamais cherché' }).expect(200);
    // Texts that may name someone are not kept.
    await record(member.email, 0, member.headers).expect(200);
    await record('appeler le 06 12 34 56 78', 0).expect(200);

    const today = parisDay();
    const rows = await allRows();
    expect(rows).toEqual([
      { day: today, text: 'facture electronique', searches: 2, without_results: 2, last_results: 0, opened: 0 },
      { day: today, text: 'securite informatique', searches: 2, without_results: 0, last_results: 3, opened: 1 },
      { day: today, text: 'tableau de bord', searches: 1, without_results: 0, last_results: 2, opened: 0 },
    ]);
    // No column could hold a person: the table's columns are these and only these.
    const columns = await t.dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'search_daily' ORDER BY 1`);
    expect(columns.map((c: { column_name: string }) => c.column_name)).toEqual(['day', 'last_results', 'opened', 'searches', 'text', 'without_results']);
    expect(JSON.stringify(rows)).not.toContain('camille');
  });

  it('gives admins the most searched texts, those without result and those never opened, over a period', async () => {
    await t.dataSource.query(`INSERT INTO search_daily (day, text, searches, without_results, last_results, opened) VALUES ($1, 'ancienne recherche', 9, 9, 0, 0)`, [addDays(parisDay(), -40)]);
    await request(t.http).get(SearchesApiRoutes.admin).expect(401);
    await request(t.http).get(SearchesApiRoutes.admin).set(member.headers).expect(403);
    const { body } = await request(t.http).get(SearchesApiRoutes.admin).set(admin.headers).expect(200);
    expect(body.totals).toEqual({ searches: 5, withoutResults: 2, opened: 1 });
    expect(body.mostSearched.map((r: { text: string }) => r.text)).toEqual(['facture electronique', 'securite informatique', 'tableau de bord']);
    expect(body.withoutResults).toEqual([{ text: 'facture electronique', searches: 2, withoutResults: 2, lastResults: 0, opened: 0 }]);
    expect(body.neverOpened.map((r: { text: string }) => r.text)).toEqual(['tableau de bord']);
    const longer = await request(t.http).get(`${SearchesApiRoutes.admin}?from=${addDays(parisDay(), -60)}`).set(admin.headers).expect(200);
    expect(longer.body.withoutResults[0]).toMatchObject({ text: 'ancienne recherche', withoutResults: 9 });
  });

  it('exports the period’s searches as CSV through the admins’ export links (docs/product/rules.md#R973)', async () => {
    const day = parisDay();
    const { body } = await request(t.http).post(InsightsApiRoutes.exportLink).set(admin.headers).send({ kind: 'searches', from: day, to: day }).expect(200);
    const res = await request(t.http).get(pathOf(body.url)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-disposition']).toContain(`outils-recherches-${day}_${day}.csv`);
    const lines = (res.body as Buffer).toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines).toEqual([
      'jour (Paris);texte cherché;recherches;sans résultat;résultats (dernier);résultat ouvert',
      `${day};facture electronique;2;2;0;0`,
      `${day};securite informatique;2;0;3;1`,
      `${day};tableau de bord;1;0;2;0`,
    ]);
  });

  it('answers bad input in French and counts nothing', async () => {
    const before = await allRows();
    expect((await record('', 1).expect(400)).body).toEqual({ errors: { q: [SearchesMessages.invalidText] } });
    expect((await record('x'.repeat(201), 1).expect(400)).body).toEqual({ errors: { q: [SearchesMessages.invalidText] } });
    expect((await record('cyber', -1).expect(400)).body).toEqual({ errors: { results: [SearchesMessages.invalidResults] } });
    expect((await record({ a: 1 }, 'abc').expect(400)).body.errors).toEqual({ q: [SearchesMessages.invalidText], results: [SearchesMessages.invalidResults] });
    expect((await request(t.http).get(`${SearchesApiRoutes.admin}?from=2026-02-30`).set(admin.headers).expect(400)).body)
      .toEqual({ errors: { from: [SearchesMessages.dateInvalid('from')] } });
    expect((await request(t.http).get(`${SearchesApiRoutes.admin}?from=2026-03-02&to=2026-03-01`).set(admin.headers).expect(400)).body)
      .toEqual({ message: SearchesMessages.rangeReversed });
    expect((await request(t.http).get(`${SearchesApiRoutes.admin}?from=2024-01-01&to=2026-03-01`).set(admin.headers).expect(400)).body)
      .toEqual({ message: SearchesMessages.rangeTooLong(400) });
    expect(await allRows()).toEqual(before);
  });
});
