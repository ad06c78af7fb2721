import request from 'supertest';
import { DiagnosticMessages } from '@outils/contracts';
import { RelatedToolsRepository } from '@outils/server-db';
import { DemoAxis, seedDiagnostic } from '@outils/server-db/seed';
import { createCategory, createTestTool, createToolType, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { ensureActivityAreas } from '../factories/accounts.factory';
import { useTestApp } from '../support/suite-app';

/** A small questionnaire of three axes, mapped to the tools of this file (docs/product/rules.md#R550). */
const AXES: DemoAxis[] = [
  {
    key: 'securite', name: 'Données et sécurité', description: 'Sauvegardes et mots de passe.', priorityText: 'Protéger vos données.',
    category: 'Sécurité (test)', tools: ['Charte informatique'],
    questions: [
      { text: 'Vos données sont-elles sauvegardées ?', answers: [
        { text: 'Non, jamais', points: 0, tools: ['Checklist sauvegarde'] },
        { text: 'De temps en temps', points: 2 },
        { text: 'Automatiquement', points: 4 },
      ] },
      { text: 'Quelles protections avez-vous ?', multiple: true, answers: [
        { text: 'Un antivirus', points: 1 },
        { text: 'La double authentification', points: 1 },
        { text: 'Aucune', points: 0, tools: ['Checklist mots de passe'] },
      ] },
    ],
  },
  {
    key: 'gestion', name: 'Gestion et finance', description: 'Trésorerie.', priorityText: 'Piloter vos finances.',
    category: 'Gestion (test)', tools: ['Plan de trésorerie'],
    questions: [{ text: 'Suivez-vous votre trésorerie ?', answers: [
      { text: 'Non', points: 0, tools: ['Plan de trésorerie'] },
      { text: 'Oui, sur douze mois', points: 4 },
    ] }],
  },
  {
    key: 'clients', name: 'Présence en ligne et clients', description: 'Site et contacts.', priorityText: 'Être trouvé.',
    category: 'Clients (test)', tools: [],
    questions: [{ text: 'Avez-vous un site internet ?', answers: [{ text: 'Non', points: 0 }, { text: 'Oui', points: 4 }] }],
  },
];

describe('self-diagnostic, Pour vous and related tools (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let tools: Record<string, TestTool>;
  let answers: Record<string, number>;
  let camille: TestUser;
  let dominique: TestUser;

  beforeAll(async () => {
    await t.dataSource.query(`TRUNCATE diagnostic_axis, diagnostic_result, tool_related RESTART IDENTITY CASCADE`);
    const [securite, gestion, clients] = [await createCategory(t.dataSource, 'Sécurité (test)'), await createCategory(t.dataSource, 'Gestion (test)'), await createCategory(t.dataSource, 'Clients (test)')];
    const [checklist, modele] = [await createToolType(t.dataSource, 'Checklist (test)'), await createToolType(t.dataSource, 'Modèle (test)')];
    tools = {};
    const make = async (name: string, categoryId: number, typeId: number, downloadCount = 0) => {
      tools[name] = await createTestTool(t, { name, categoryId, typeId, downloadCount });
    };
    await make('Checklist sauvegarde', securite.id, checklist.id, 5);
    await make('Checklist mots de passe', securite.id, checklist.id, 3);
    await make('Charte informatique', securite.id, modele.id, 1);
    await make('Infographie hameçonnage', securite.id, checklist.id, 9);
    await make('Plan de trésorerie', gestion.id, modele.id, 2);
    await make('Devis professionnel', gestion.id, modele.id, 7);
    await make('Site vitrine', clients.id, checklist.id, 4);
    await make('Fichier contacts', clients.id, modele.id, 0);
    await seedDiagnostic(t.dataSource, AXES);
    const rows: Array<{ id: number; text: string }> = await t.dataSource.query(`SELECT id, text FROM diagnostic_answer`);
    answers = Object.fromEntries(rows.map((r) => [r.text, r.id]));
    const area = (await ensureActivityAreas(t.dataSource, ['Commerce de détail'])).find((a) => a.name === 'Commerce de détail')!;
    camille = await createTestUser(t.dataSource, { activityAreaId: area.id, job: 'Gérante de boutique' });
    dominique = await createTestUser(t.dataSource, { activityAreaId: area.id });
  });

  const evaluate = (answerIds: unknown, user?: TestUser) =>
    request(t.http).post('/api/diagnostic/evaluate').set(user?.headers ?? {}).send({ answerIds });
  const resultCount = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM diagnostic_result`))[0].n as number;
  const download = (user: TestUser | null, toolName: string) =>
    t.dataSource.query(`INSERT INTO download_log (tool_id, user_id) VALUES ($1, $2)`, [tools[toolName].id, user?.user.id ?? null]);

  it('serves the questionnaire in order, without the points', async () => {
    const res = await request(t.http).get('/api/diagnostic').expect(200);
    expect(res.body.axes.map((a: { key: string }) => a.key)).toEqual(['securite', 'gestion', 'clients']);
    expect(res.body.questions.map((q: { text: string }) => q.text)).toEqual([
      'Vos données sont-elles sauvegardées ?', 'Quelles protections avez-vous ?', 'Suivez-vous votre trésorerie ?', 'Avez-vous un site internet ?',
    ]);
    expect(res.body.questions[1]).toMatchObject({ multiple: true, answers: [{ text: 'Un antivirus' }, { text: 'La double authentification' }, { text: 'Aucune' }] });
    expect(JSON.stringify(res.body)).not.toContain('points');
  });

  it('scores each axis, names the priorities and plans the mapped tools first (R552–R554)', async () => {
    const res = await evaluate([answers['Oui'], answers['Non, jamais'], answers['Un antivirus'], answers['Oui, sur douze mois']]).expect(200);
    const { result } = res.body;
    // Sécurité: (0 + 1) / (4 + 2) = 17 %; gestion and clients 100 %.
    expect(result.scores.map((s: { key: string; score: number }) => [s.key, s.score])).toEqual([['securite', 17], ['gestion', 100], ['clients', 100]]);
    expect(result.overall).toBe(72);
    // Only one axis under 75: the next lowest completes the list to two, in axis order.
    expect(result.priorities.map((p: { key: string }) => p.key)).toEqual(['securite', 'gestion']);
    const [securite, gestion] = result.priorities;
    expect(securite.text).toBe('Protéger vos données.');
    expect(securite.tools.map((p: { tool: { name: string }; reason: string }) => [p.tool.name, p.reason])).toEqual([
      ['Checklist sauvegarde', 'Parce que vous avez répondu « Non, jamais »'],
      ['Charte informatique', 'Pour votre priorité : données et sécurité'],
      ['Infographie hameçonnage', 'Pour votre priorité : données et sécurité'],
    ]);
    expect(gestion.tools.map((p: { tool: { name: string } }) => p.tool.name)).toEqual(['Plan de trésorerie', 'Devis professionnel']);
    expect(result.answerIds).toEqual([answers['Non, jamais'], answers['Un antivirus'], answers['Oui, sur douze mois'], answers['Oui']]);
  });

  it('refuses bad answers in French and saves nothing (R551)', async () => {
    await evaluate([999999]).expect(400, { message: DiagnosticMessages.unknownAnswer });
    await evaluate([answers['Non, jamais'], answers['Automatiquement']]).expect(400, { message: DiagnosticMessages.oneAnswerOnly('Vos données sont-elles sauvegardées ?') });
    await evaluate([]).expect(400, { message: DiagnosticMessages.noAnswer });
    expect((await evaluate('1,2').expect(400)).body.errors.answerIds).toEqual([DiagnosticMessages.answersInvalid]);
    await request(t.http).post('/api/diagnostic/results/create').send({ answerIds: [answers['Oui']] }).expect(401);
    expect(await resultCount()).toBe(0);
  });

  it('saves a member’s results and lists them newest first, to them only (R555)', async () => {
    const first = await request(t.http).post('/api/diagnostic/results/create').set(camille.headers).send({ answerIds: [answers['Automatiquement'], answers['Non']] }).expect(200);
    expect(first.body.result).toMatchObject({ id: expect.any(String), overall: expect.any(Number) });
    const second = await request(t.http).post('/api/diagnostic/results/create').set(camille.headers)
      .send({ answerIds: [answers['Non, jamais'], answers['Aucune'], answers['Oui, sur douze mois'], answers['Oui']] }).expect(200);
    const history = await request(t.http).get('/api/diagnostic/results').set(camille.headers).expect(200);
    expect(history.body.results.map((r: { id: string }) => r.id)).toEqual([second.body.result.id, first.body.result.id]);
    expect(history.body.results[0].scores[0]).toEqual({ key: 'securite', name: 'Données et sécurité', score: 0 });
    expect((await request(t.http).get('/api/diagnostic/results').set(dominique.headers).expect(200)).body.results).toEqual([]);
    await request(t.http).get('/api/diagnostic/results').expect(401);
  });

  it('ranks Pour vous from the latest diagnostic, the area and the downloads, with reasons (R560–R562)', async () => {
    await download(camille, 'Checklist sauvegarde');
    await download(dominique, 'Site vitrine');
    await download(dominique, 'Devis professionnel');
    await download(dominique, 'Devis professionnel');
    const res = await request(t.http).get('/api/for-you').set(camille.headers).expect(200);
    expect(res.body).toMatchObject({ personalised: true, hasDiagnostic: true });
    const ranked = res.body.tools.map((x: { tool: { name: string }; reason: string }) => [x.tool.name, x.reason]);
    // Signals add up: a tool of the plan that members of the same area also use comes first, with
    // its priority and the sector (R985); then the first priority's plan, without what Camille downloaded.
    expect(ranked.slice(0, 3)).toEqual([
      ['Devis professionnel', 'Pour votre priorité : gestion et finance, et adapté à votre secteur « Commerce de détail »'],
      ['Checklist mots de passe', 'Pour votre priorité : données et sécurité'],
      ['Charte informatique', 'Pour votre priorité : données et sécurité'],
    ]);
    expect(ranked.map((r: string[]) => r[0])).not.toContain('Checklist sauvegarde');
    expect(ranked).toContainEqual(['Site vitrine', 'Parce que vous êtes dans le secteur « Commerce de détail »']);
  });

  it('shows guests the month’s most downloaded tools', async () => {
    const res = await request(t.http).get('/api/for-you').expect(200);
    expect(res.body.personalised).toBe(false);
    expect(res.body.tools[0]).toMatchObject({ tool: { name: 'Devis professionnel' }, reason: 'Parmi les plus téléchargés ce mois-ci' });
  });

  it('relates tools by member co-downloads, then category and type, once computed in the background (R565)', async () => {
    const sheet = tools['Checklist sauvegarde'].id;
    expect((await request(t.http).get(`/api/related-tools/${sheet}`).expect(200)).body.tools).toEqual([]);
    // Two members downloaded the backup checklist and the cash-flow plan; anonymous fetches of
    // the backup checklist and the contacts file (robots, previews) never relate them.
    await download(dominique, 'Checklist sauvegarde');
    await download(dominique, 'Plan de trésorerie');
    await download(camille, 'Plan de trésorerie');
    for (let i = 0; i < 5; i += 1) { await download(null, 'Checklist sauvegarde'); await download(null, 'Fichier contacts'); }
    await new RelatedToolsRepository(t.dataSource).recompute();

    const res = await request(t.http).get(`/api/related-tools/${sheet}`).expect(200);
    const related = res.body.tools.map((x: { tool: { name: string }; reason: string }) => [x.tool.name, x.reason]);
    expect(related).toEqual([
      ['Plan de trésorerie', 'co-download'],
      ['Devis professionnel', 'co-download'],
      ['Site vitrine', 'co-download'],
      ['Infographie hameçonnage', 'similar'],
    ]);
    await request(t.http).get('/api/related-tools/abc').expect(404);
  });
});
