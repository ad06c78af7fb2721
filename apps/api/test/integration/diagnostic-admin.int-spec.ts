import request from 'supertest';
import { DiagnosticAdminMessages as M } from '@outils/contracts';
import { DemoAxis, seedDiagnostic } from '@outils/server-db/seed';
import { createCategory, createTestTool, createToolType, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/** Two axes, three questions: enough to edit, reorder and map (docs/product/rules.md#R571–R574). */
const AXES: DemoAxis[] = [
  {
    key: 'securite', name: 'Données et sécurité', description: 'Sauvegardes.', priorityText: 'Protéger vos données.',
    category: 'Sécurité (admin)', tools: [],
    questions: [
      { text: 'Vos données sont-elles sauvegardées ?', answers: [{ text: 'Jamais', points: 0 }, { text: 'Toujours', points: 4 }] },
      { text: 'Avez-vous un antivirus ?', answers: [{ text: 'Non', points: 0 }, { text: 'Oui', points: 4 }] },
    ],
  },
  {
    key: 'gestion', name: 'Gestion et finance', description: 'Trésorerie.', priorityText: 'Piloter vos finances.',
    category: 'Gestion (admin)', tools: [],
    questions: [{ text: 'Suivez-vous votre trésorerie ?', answers: [{ text: 'Pas du tout', points: 0 }, { text: 'Chaque mois', points: 4 }] }],
  },
];

interface AdminAnswer { id: number; text: string; points: number; toolIds: number[]; savedResults: number }
interface AdminQuestion { id: number; axisId: number; text: string; help: string | null; multiple: boolean; answers: AdminAnswer[] }

describe('questionnaire editor /admin/diagnostic (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let member: TestUser;
  let checklist: TestTool;

  beforeAll(async () => {
    await t.dataSource.query(`TRUNCATE diagnostic_axis, diagnostic_result, tool_related RESTART IDENTITY CASCADE`);
    const category = await createCategory(t.dataSource, 'Sécurité (admin)');
    await createCategory(t.dataSource, 'Gestion (admin)');
    const type = await createToolType(t.dataSource, 'Checklist (admin)');
    checklist = await createTestTool(t, { name: 'Checklist sauvegarde', categoryId: category.id, typeId: type.id });
    await seedDiagnostic(t.dataSource, AXES);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
  });

  const editor = async (): Promise<{ axes: Array<{ id: number; key: string }>; questions: AdminQuestion[] }> =>
    (await request(t.http).get('/api/admin/diagnostic').set(admin.headers).expect(200)).body;
  const post = (user: TestUser | null, path: string, body: unknown = {}) =>
    request(t.http).post(path).set(user?.headers ?? {}).send(body as object);
  const snapshot = async () => JSON.stringify(await editor());
  const asInput = (q: AdminQuestion) => ({
    axisId: q.axisId, text: q.text, help: q.help, multiple: q.multiple,
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, points: a.points, toolIds: a.toolIds })),
  });

  it('edits a question, its points, the order and the tools; the public questionnaire and results follow (R571–R573)', async () => {
    const before = await editor();
    const [backup, antivirus, cash] = before.questions;
    const gestion = before.axes.find((a) => a.key === 'gestion')!;

    // Text, choice and points of an answer, and a tool for the weak answer.
    const edited = asInput(backup);
    edited.text = 'Où sont sauvegardées vos données ?';
    edited.answers[0] = { ...edited.answers[0], points: 1, toolIds: [checklist.id] };
    const res = await post(admin, `/api/admin/diagnostic/questions/${backup.id}/update`, edited).expect(200);
    expect(res.body.message).toBe(M.updated);

    // A new question on the second axis, then the new order: it comes first.
    const created = await post(admin, '/api/admin/diagnostic/questions/create', {
      axisId: gestion.id, text: 'Faites-vous des devis en ligne ?', multiple: false,
      answers: [{ text: 'Jamais', points: 0, toolIds: [] }, { text: 'Toujours', points: 3, toolIds: [] }],
    }).expect(200);
    const added = created.body.questionnaire.questions.at(-1) as AdminQuestion;
    expect(added.text).toBe('Faites-vous des devis en ligne ?');
    await post(admin, '/api/admin/diagnostic/order', { questionIds: [added.id, cash.id, backup.id, antivirus.id] }).expect(200);

    const publicQuestionnaire = (await request(t.http).get('/api/diagnostic').expect(200)).body;
    expect(publicQuestionnaire.questions.map((q: { text: string }) => q.text)).toEqual([
      'Faites-vous des devis en ligne ?', 'Suivez-vous votre trésorerie ?', 'Où sont sauvegardées vos données ?', 'Avez-vous un antivirus ?',
    ]);

    // 'Jamais' now brings 1 of 4 and calls for the mapped tool.
    const weak = await post(null, '/api/diagnostic/evaluate', { answerIds: [backup.answers[0].id, cash.answers[1].id] }).expect(200);
    expect(weak.body.result.scores.find((s: { key: string }) => s.key === 'securite').score).toBe(25);
    expect(weak.body.result.priorities[0].tools[0]).toMatchObject({
      tool: { name: 'Checklist sauvegarde' }, reason: 'Parce que vous avez répondu « Jamais »',
    });

    // A question nobody chose can be deleted.
    expect((await post(admin, `/api/admin/diagnostic/questions/${added.id}/delete`).expect(200)).body.questionnaire.questions).toHaveLength(3);
  });

  it('keeps saved results openable: their answers cannot be deleted (R572)', async () => {
    const backup = (await editor()).questions.find((q) => q.text === 'Où sont sauvegardées vos données ?')!;
    await post(member, '/api/diagnostic/results/create', { answerIds: [backup.answers[0].id] }).expect(200);
    const input = asInput(backup);
    input.answers = [input.answers[1], { text: 'Parfois', points: 2, toolIds: [] } as never];
    const before = await snapshot();
    await post(admin, `/api/admin/diagnostic/questions/${backup.id}/update`, input).expect(409, { message: M.answerInSavedResults('Jamais') });
    await post(admin, `/api/admin/diagnostic/questions/${backup.id}/delete`).expect(409, { message: M.questionInSavedResults });
    expect(await snapshot()).toBe(before);
    const history = await request(t.http).get('/api/diagnostic/results').set(member.headers).expect(200);
    await post(member, '/api/diagnostic/evaluate', { answerIds: history.body.results[0].answerIds }).expect(200);
  });

  it('refuses members and guests, and bad input in French without changing anything (R574)', async () => {
    await request(t.http).get('/api/admin/diagnostic').expect(401);
    await request(t.http).get('/api/admin/diagnostic').set(member.headers).expect(403);
    const { questions } = await editor();
    const q = questions[0];
    await post(member, `/api/admin/diagnostic/questions/${q.id}/update`, { ...asInput(q), text: 'Piratée' }).expect(403);
    const before = await snapshot();

    const bad = async (body: unknown, field: string, message: string) => {
      const res = await post(admin, `/api/admin/diagnostic/questions/${q.id}/update`, body).expect(400);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await bad({ ...asInput(q), text: '  ' }, 'text', M.questionRequired);
    const tooMany = asInput(q);
    tooMany.answers[0] = { ...tooMany.answers[0], points: 5 };
    await bad(tooMany, 'answers.0.points', M.points);
    await bad({ ...asInput(q), answers: [asInput(q).answers[0]] }, 'answers', M.answersCount);
    const ghostTool = asInput(q);
    ghostTool.answers[1] = { ...ghostTool.answers[1], toolIds: [checklist.id, 999999] };
    await post(admin, `/api/admin/diagnostic/questions/${q.id}/update`, ghostTool).expect(400, { message: M.unknownTool });
    await post(admin, `/api/admin/diagnostic/questions/${q.id}/update`, { ...asInput(q), axisId: 999999 }).expect(400, { message: M.unknownAxis });
    const foreign = asInput(q);
    foreign.answers[0] = { ...foreign.answers[0], id: questions[1].answers[0].id };
    await post(admin, `/api/admin/diagnostic/questions/${q.id}/update`, foreign).expect(400, { message: M.unknownAnswer });
    await post(admin, '/api/admin/diagnostic/order', { questionIds: [q.id] }).expect(400, { message: M.invalidOrder });
    await post(admin, '/api/admin/diagnostic/questions/999999/delete').expect(404, { message: M.questionNotFound });
    expect(await snapshot()).toBe(before);
  });
});
