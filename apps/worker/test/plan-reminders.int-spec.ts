import request from 'supertest';
import { PlanMessages } from '@outils/contracts';
import { seedDiagnostic } from '@outils/server-db/seed';
import { CaughtMail, waitUntil } from '@outils/server-testing';
import { HousekeepingHandlers } from '../src/housekeeping/housekeeping.handlers';
import { PlanRemindersService } from '../src/plan-follow-up/plan-reminders.service';
import { useApiAndWorker } from './support/api-and-worker';
// Test-only cross-app imports: the real API next to the real worker.
import { createCategory, createTestTool, createToolType } from '../../api/test/factories/tool.factory';
import { createTestUser, TestUser } from '../../api/test/factories/user.factory';

const to = (user: TestUser) => (mail: CaughtMail) => mail.to.some((t) => t.address === user.email);
const DAY = 86_400_000;

/** docs/product/rules.md#R979–R981: the followed plan's weekly mails, through the outbox to a real SMTP server. */
describe('followed plan mails (real API, worker and SMTP catcher)', () => {
  const stack = useApiAndWorker('plan-reminders', { workerEnv: () => ({ DOWNLOAD_URL_SECRET: stack.api.config.downloads.secret }) });
  const http = () => stack.api.http;
  let answerIds: number[];

  beforeAll(async () => {
    const db = stack.api.dataSource;
    await db.query(`TRUNCATE diagnostic_axis, diagnostic_result, plan_follow_up RESTART IDENTITY CASCADE`);
    const category = await createCategory(db, 'Sécurité (rappels)');
    const type = await createToolType(db, 'Modèle (rappels)');
    for (const name of ['Checklist rappel', 'Charte rappel']) await createTestTool(stack.api, { name, categoryId: category.id, typeId: type.id });
    await seedDiagnostic(db, [{
      key: 'securite', name: 'Données et sécurité', description: 'Sauvegardes.', priorityText: 'Protéger vos données.',
      category: 'Sécurité (rappels)', tools: ['Charte rappel'],
      questions: [{ text: 'Sauvegardez-vous ?', answers: [{ text: 'Jamais', points: 0, tools: ['Checklist rappel'] }, { text: 'Toujours', points: 4 }] }],
    }]);
    answerIds = (await db.query(`SELECT id FROM diagnostic_answer WHERE text = 'Jamais'`)).map((r: { id: number }) => r.id);
  });

  async function follow(member: TestUser): Promise<{ id: string; startedAt: string; steps: Array<{ tool: { id: number } }> }> {
    await request(http()).post('/api/diagnostic/results/create').set(member.headers).send({ answerIds }).expect(200);
    return (await request(http()).post('/api/plan/start').set(member.headers).expect(200)).body.plan;
  }
  const planMails = async (member: TestUser) => (await stack.smtp.all()).filter(to(member));
  const rows = async (planId: string) =>
    Number((await stack.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'send-plan-reminder-mail' AND payload->>'planUrl' IS NOT NULL AND payload->>'to' = (SELECT email FROM app_user u JOIN plan_follow_up p ON p.user_id = u.id WHERE p.id = $1)`, [planId]))[0].n);
  const answerLink = (mail: CaughtMail, label: string) => new URL(new RegExp(`^${label} : (\\S+)$`, 'm').exec(mail.text)![1]);

  it('mails one reminder per week with the next step, answered by its signed link, and stops after the one-click unsubscribe', async () => {
    const member = await createTestUser(stack.api.dataSource, { firstName: 'Gaëlle' });
    const plan = await follow(member);
    const reminders = stack.worker.get(PlanRemindersService);
    const start = new Date(plan.startedAt).getTime();

    // The first week: nothing yet.
    await reminders.sendReminders(new Date(start + 3 * DAY));
    expect(await rows(plan.id)).toBe(0);

    // After a week: one mail, and a second run of the same week sends none.
    await reminders.sendReminders(new Date(start + 7 * DAY + 60_000));
    await reminders.sendReminders(new Date(start + 8 * DAY));
    const first = await stack.smtp.waitFor(to(member));
    expect(first.subject).toBe('Votre plan, semaine 1 : Checklist rappel');
    expect(first.text).toContain('l’étape suivante est « Checklist rappel »');
    expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await rows(plan.id)).toBe(1);

    // The mail's 'Fait': its page reads the link, only the POST answers, without login.
    const done = answerLink(first, 'Fait');
    expect(done.pathname).toBe('/diagnostic/plan/reponse');
    const query = Object.fromEntries(done.searchParams);
    expect((await request(http()).get('/api/plan/mail-answer').query(query).expect(200)).body.answerLabel).toBe('Fait');
    await request(http()).post('/api/plan/mail-answer').query(query).expect(200);
    const after = (await request(http()).get('/api/plan').set(member.headers).expect(200)).body.plan;
    expect(after.steps[0].answer).toBe('done');

    // Week 2 reminds the next step.
    await reminders.sendReminders(new Date(start + 14 * DAY + 60_000));
    await stack.smtp.waitFor((m) => to(member)(m) && m.subject.includes('semaine 2'));
    expect((await planMails(member)).map((m) => m.subject)).toEqual(['Votre plan, semaine 1 : Checklist rappel', 'Votre plan, semaine 2 : Charte rappel']);

    // One click from the header: no mail after.
    const oneClick = /<([^>]+)>/.exec(first.headers['list-unsubscribe'])![1];
    const url = new URL(oneClick);
    expect((await request(http()).post(`${url.pathname}${url.search}`).expect(200)).body.message).toBe(PlanMessages.unsubscribed);
    await reminders.sendReminders(new Date(start + 21 * DAY + 60_000));
    await reminders.sendReminders(new Date(start + 60 * DAY));
    expect(await rows(plan.id)).toBe(2);
  });

  it('sends one last mail inviting to retake the diagnostic once every step is answered, and none after; after 8 weeks the same', async () => {
    const finisher = await createTestUser(stack.api.dataSource);
    const plan = await follow(finisher);
    const reminders = stack.worker.get(PlanRemindersService);
    for (const step of plan.steps) {
      await request(http()).post('/api/plan/answer').set(finisher.headers).send({ toolId: step.tool.id, answer: 'not_useful' }).expect(200);
    }
    const start = new Date(plan.startedAt).getTime();
    await reminders.sendReminders(new Date(start + DAY));
    await reminders.sendReminders(new Date(start + 8 * DAY));
    await reminders.sendReminders(new Date(start + 70 * DAY));
    const last = await stack.smtp.waitFor(to(finisher));
    expect(last.subject).toBe('Votre plan est terminé : mesurez vos progrès');
    expect(last.text).toContain('Refaire le diagnostic : ');
    expect(await rows(plan.id)).toBe(1);

    // Never answered: weekly reminders, then the last mail after 8 weeks, then nothing.
    const silent = await createTestUser(stack.api.dataSource);
    const quiet = await follow(silent);
    const from = new Date(quiet.startedAt).getTime();
    for (let week = 1; week <= 10; week += 1) await reminders.sendReminders(new Date(from + week * 7 * DAY + 60_000));
    expect(await rows(quiet.id)).toBe(8);
    await waitUntil(async () => (await planMails(silent)).length === 8);
    // The mail queue sends in parallel: the order of arrival is not the order of the weeks.
    const subjects = (await planMails(silent)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7].map((w) => `Votre plan, semaine ${w} : Checklist rappel`),
      'Votre plan est terminé : mesurez vos progrès',
    ].sort());
  });

  it('deletes a followed plan 13 months after its start, with its steps, in the nightly purge (docs/product/rules.md#R984)', async () => {
    const old = await createTestUser(stack.api.dataSource);
    const recent = await createTestUser(stack.api.dataSource);
    const oldPlan = await follow(old);
    const recentPlan = await follow(recent);
    await stack.dataSource.query(`UPDATE plan_follow_up SET started_at = now() - interval '13 months 1 day' WHERE id = $1`, [oldPlan.id]);
    expect((await stack.worker.get(HousekeepingHandlers).purgePersonalData()).plans).toBe(1);
    const left = await stack.dataSource.query(`SELECT plan_id::text AS id FROM plan_step WHERE plan_id = ANY($1::bigint[])`, [[oldPlan.id, recentPlan.id]]);
    expect(new Set(left.map((r: { id: string }) => r.id))).toEqual(new Set([recentPlan.id]));
  });
});
