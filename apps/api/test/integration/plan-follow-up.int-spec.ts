import request from 'supertest';
import { PlanMessages } from '@outils/contracts';
import { DemoAxis, seedDiagnostic } from '@outils/server-db/seed';
import { LinkPurposes, LinkSigner, PlanLinks, UpdateAlertLinks } from '@outils/server-signing';
import { createCategory, createTestTool, createToolType } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { binary, unzip } from '../factories/zip';
import { useTestApp } from '../support/suite-app';

/** Two axes, each with its own tools (docs/product/rules.md#R554). */
const AXES: DemoAxis[] = [
  {
    key: 'securite', name: 'Données et sécurité', description: 'Sauvegardes.', priorityText: 'Protéger vos données.',
    category: 'Sécurité (plan)', tools: ['Charte du plan'],
    questions: [{ text: 'Vos données sont-elles sauvegardées ?', answers: [
      { text: 'Non, jamais', points: 0, tools: ['Checklist du plan'] },
      { text: 'De temps en temps', points: 2 },
      { text: 'Automatiquement', points: 4 },
    ] }],
  },
  {
    key: 'gestion', name: 'Gestion et finance', description: 'Trésorerie.', priorityText: 'Piloter vos finances.',
    category: 'Gestion (plan)', tools: ['Trésorerie du plan'],
    questions: [{ text: 'Suivez-vous votre trésorerie ?', answers: [
      { text: 'Non', points: 0 },
      { text: 'Oui, sur douze mois', points: 4 },
    ] }],
  },
];

/** docs/product/rules.md#R976–R983: the followed plan, its signed mail links and its measure. */
describe('followed plan (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let answers: Record<string, number>;
  let links: PlanLinks;

  beforeAll(async () => {
    await t.dataSource.query(`TRUNCATE diagnostic_axis, diagnostic_result, plan_follow_up RESTART IDENTITY CASCADE`);
    const [securite, gestion] = [await createCategory(t.dataSource, 'Sécurité (plan)'), await createCategory(t.dataSource, 'Gestion (plan)')];
    const type = await createToolType(t.dataSource, 'Modèle (plan)');
    for (const [name, categoryId] of [['Checklist du plan', securite.id], ['Charte du plan', securite.id], ['Trésorerie du plan', gestion.id]] as const) {
      await createTestTool(t, { name, categoryId, typeId: type.id });
    }
    await seedDiagnostic(t.dataSource, AXES);
    const rows: Array<{ id: number; text: string }> = await t.dataSource.query(`SELECT id, text FROM diagnostic_answer`);
    answers = Object.fromEntries(rows.map((r) => [r.text, r.id]));
    links = new PlanLinks(new LinkSigner(t.config.downloads.secret));
  });

  const save = (user: TestUser, texts: string[]) =>
    request(t.http).post('/api/diagnostic/results/create').set(user.headers).send({ answerIds: texts.map((x) => answers[x]) }).expect(200);
  const start = (user: TestUser) => request(t.http).post('/api/plan/start').set(user.headers);
  const mine = async (user: TestUser) => (await request(t.http).get('/api/plan').set(user.headers).expect(200)).body.plan;
  const answerQuery = (plan: string, tool: number, answer: string, token: string) => ({ plan, tool: String(tool), answer, token });

  it('starts from the latest saved diagnostic: its plan\'s tools as steps, in order; a guest gets 401, a member without a result a French 400', async () => {
    await request(t.http).post('/api/plan/start').expect(401);
    const camille = await createTestUser(t.dataSource);
    const none = await start(camille).expect(400);
    expect(none.body.message).toBe(PlanMessages.noResult);
    // docs/product/rules.md#R969: no plan is an answer, not an error the browser reports.
    expect((await request(t.http).get('/api/plan').set(camille.headers).expect(200)).body).toEqual({ plan: null });

    await save(camille, ['Non, jamais', 'Non']);
    const started = await start(camille).expect(200);
    expect(started.body.message).toBe(PlanMessages.started);
    const plan = started.body.plan;
    expect(plan.steps.map((s: { tool: { name: string } }) => s.tool.name)).toEqual(['Checklist du plan', 'Charte du plan', 'Trésorerie du plan']);
    expect(plan).toMatchObject({ status: 'active', mails: true, week: 1, changes: null });
    expect(plan.steps.every((s: { answer: unknown }) => s.answer === null)).toBe(true);

    // The plan of the result shown: saved first when it is not the latest saved one; bad answers are a French 400.
    expect((await start(camille).send({ answerIds: ['x'] }).expect(400)).body.errors.answerIds).toBeDefined();
    const other = await start(camille).send({ answerIds: [answers['Automatiquement'], answers['Non']] }).expect(200);
    expect(other.body.plan.steps.map((s: { tool: { name: string } }) => s.tool.name)).toEqual(['Trésorerie du plan', 'Charte du plan', 'Checklist du plan']);
    const saved = await request(t.http).get('/api/diagnostic/results').set(camille.headers).expect(200);
    expect(saved.body.results).toHaveLength(2);
    await start(camille).send({ answerIds: [answers['Automatiquement'], answers['Non']] }).expect(200);
    expect((await request(t.http).get('/api/diagnostic/results').set(camille.headers).expect(200)).body.results).toHaveLength(2);
  });

  it('marks steps, refuses a bad answer or a tool outside the plan in French, and ends the plan once every step is Fait or Pas utile', async () => {
    const dominique = await createTestUser(t.dataSource);
    await save(dominique, ['Non, jamais', 'Non']);
    const { body } = await start(dominique).expect(200);
    const [a, b, c] = body.plan.steps.map((s: { tool: { id: number } }) => s.tool.id);
    const mark = (toolId: unknown, answer: unknown) => request(t.http).post('/api/plan/answer').set(dominique.headers).send({ toolId, answer });

    expect((await mark(a, 'peut-être').expect(400)).body.errors.answer).toEqual([PlanMessages.badAnswer]);
    const other = await createTestTool(t, { name: 'Hors du plan' });
    expect((await mark(other.id, 'done').expect(404)).body.message).toBe(PlanMessages.unknownStep);
    expect((await mine(dominique)).steps.every((s: { answer: unknown }) => s.answer === null)).toBe(true);

    expect((await mark(a, 'done').expect(200)).body.message).toBe('Réponse enregistrée : Fait.');
    await mark(b, 'not_yet').expect(200);
    // A step marked 'Pas utile' leaves 'Pour vous', where the plan had put it (docs/product/rules.md#R988).
    const forYou = async () => ((await request(t.http).get('/api/for-you').set(dominique.headers).expect(200)).body.tools as Array<{ tool: { id: number } }>).map((x) => x.tool.id);
    expect(await forYou()).toContain(c);
    await mark(c, 'not_useful').expect(200);
    expect(await forYou()).not.toContain(c);
    expect(await forYou()).toContain(b);
    expect((await mine(dominique)).status).toBe('active');
    const last = await mark(b, 'done').expect(200);
    expect(last.body.message).toBe(PlanMessages.finished);
    expect(last.body.plan).toMatchObject({ status: 'finished', mails: false });
    expect(last.body.plan.steps.map((s: { answer: string }) => s.answer)).toEqual(['done', 'done', 'not_useful']);

    // 'Télécharger mes données' holds the plan (docs/product/rules.md#R886).
    const asked = await request(t.http).post('/api/user/export').set(dominique.headers).expect(200);
    const link = new URL(asked.body.url);
    const file = await request(t.http).get(`${link.pathname}${link.search}`).buffer(true).parse(binary).expect(200);
    const data = JSON.parse((await unzip(file.body as Buffer)).get('mes-donnees.json')!.toString());
    expect(data.planSuivi).toEqual({
      commenceLe: body.plan.startedAt, termineLe: expect.any(String), desabonneLe: null, semainesRappelees: 0,
      scoresDeDepart: [{ axe: 'Données et sécurité', score: 0 }, { axe: 'Gestion et finance', score: 0 }],
      etapes: [
        { position: 0, outil: { id: a, nom: 'Checklist du plan', slug: expect.any(String) }, reponse: 'Fait', reponduLe: expect.any(String) },
        { position: 1, outil: { id: b, nom: 'Charte du plan', slug: expect.any(String) }, reponse: 'Fait', reponduLe: expect.any(String) },
        { position: 2, outil: { id: c, nom: 'Trésorerie du plan', slug: expect.any(String) }, reponse: 'Pas utile', reponduLe: expect.any(String) },
      ],
    });
  });

  it('answers from a mail\'s link without login: reading it changes nothing, only the POST does; a tampered or other-purpose token is a French 400 that changes nothing', async () => {
    const eva = await createTestUser(t.dataSource);
    await save(eva, ['Non, jamais', 'Non']);
    const plan = (await start(eva).expect(200)).body.plan;
    const toolId = plan.steps[0].tool.id;
    const good = answerQuery(plan.id, toolId, 'done', links.answerToken(plan.id, toolId, 'done'));

    const preview = await request(t.http).get('/api/plan/mail-answer').query(good).expect(200);
    expect(preview.body).toEqual({ toolName: 'Checklist du plan', answer: 'done', answerLabel: 'Fait' });
    expect((await mine(eva)).steps[0].answer).toBeNull();

    const signer = new LinkSigner(t.config.downloads.secret);
    const refused = [
      { ...good, token: `${good.token.slice(0, -2)}xx` }, // tampered signature
      { ...good, answer: 'not_useful' }, // the answer changed, not the signature
      { ...good, tool: String(plan.steps[1].tool.id) }, // another step
      { ...good, token: links.unsubscribeToken(plan.id) }, // the plan's unsubscribe key
      { ...good, token: new UpdateAlertLinks(signer).token(eva.user.id) }, // another kind of link
      { ...good, token: signer.key(LinkPurposes.updateAlerts).sign(['answer', plan.id, toolId, 'done']) }, // same fields, another purpose
      { ...good, plan: 'abc' },
    ];
    for (const query of refused) {
      const res = await request(t.http).post('/api/plan/mail-answer').query(query).expect(400);
      expect(res.body).toEqual({ message: PlanMessages.linkInvalid });
    }
    await request(t.http).get('/api/plan/mail-answer').query(refused[0]).expect(400);
    expect((await mine(eva)).steps.map((s: { answer: unknown }) => s.answer)).toEqual([null, null, null]);

    const done = await request(t.http).post('/api/plan/mail-answer').query(good).expect(200);
    expect(done.body.message).toBe('Réponse enregistrée : Fait.');
    expect((await mine(eva)).steps[0].answer).toBe('done');

    // The unsubscribe link: the answer key does not open it; the GET only opens the page.
    await request(t.http).post('/api/plan/unsubscribe').query({ plan: plan.id, token: good.token }).expect(400);
    expect((await mine(eva)).mails).toBe(true);
    const page = await request(t.http).get('/api/plan/unsubscribe').query({ plan: plan.id, token: links.unsubscribeToken(plan.id) }).expect(303);
    expect(page.headers.location).toContain('/diagnostic/plan/desinscription?plan=');
    expect((await mine(eva)).mails).toBe(true);
    const out = await request(t.http).post('/api/plan/unsubscribe').query({ plan: plan.id, token: links.unsubscribeToken(plan.id) }).expect(200);
    expect(out.body.message).toBe(PlanMessages.unsubscribed);
    expect((await mine(eva)).mails).toBe(false);
  });

  it('shows, axis by axis, how far the member moved since the plan\'s first diagnostic; the admins see the funnel and the median change per axis', async () => {
    const farid = await createTestUser(t.dataSource);
    await save(farid, ['Non, jamais', 'Non']);
    const plan = (await start(farid).expect(200)).body.plan;
    await save(farid, ['De temps en temps', 'Oui, sur douze mois']);
    const after = await mine(farid);
    expect(after.changes).toEqual([
      { axisId: expect.any(Number), name: 'Données et sécurité', before: 0, after: 50, change: 50 },
      { axisId: expect.any(Number), name: 'Gestion et finance', before: 0, after: 100, change: 100 },
    ]);
    expect(after.retakenAt).not.toBeNull();

    // A plan started 15 days ago, answered on day 8: followed at week 2.
    await t.dataSource.query(`UPDATE plan_follow_up SET started_at = now() - interval '15 days', last_answer_at = now() - interval '7 days' WHERE id = $1`, [plan.id]);
    const admin = await createTestUser(t.dataSource, { isAdmin: true });
    await request(t.http).get('/api/admin/diagnostic/plans').set(farid.headers).expect(403);
    const { body } = await request(t.http).get('/api/admin/diagnostic/plans').set(admin.headers).expect(200);
    expect(body).toMatchObject({ started: 4, oldEnough: 1, followedAtWeek2: 1, finished: 1 });
    expect(body.axes).toEqual([
      { axisId: expect.any(Number), name: 'Données et sécurité', plans: 1, medianChange: 50 },
      { axisId: expect.any(Number), name: 'Gestion et finance', plans: 1, medianChange: 100 },
    ]);
  });
});
