import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { CatalogueMessages, CommonMessages, InsightsApiRoutes, UsefulnessApiRoutes, UsefulnessMessages } from '@outils/contracts';
import { parisDay } from '@outils/server-db';
import { binary, pathOf } from '../factories/downloads';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const ROBOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const visitorKey = () => randomBytes(24).toString('base64url');
const answerAs = (http: Parameters<typeof request>[0], body: object, headers: Record<string, string> = {}, agent = BROWSER) =>
  request(http).post(UsefulnessApiRoutes.answer).set('User-Agent', agent).set(headers).send(body);

describe('usefulness: "Cet outil vous a-t-il aidé ?" (real PostgreSQL, docs/product/rules.md#R960–R966)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let tool: TestTool;
  let member: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    tool = await createTestTool(t);
    member = await createTestUser(t.dataSource);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  });

  /** A counted download; returns the signature of its link (a guest's proof). */
  const download = async (toolId: number, headers: Record<string, string> = {}) => {
    const { body } = await request(t.http).get(`/tools/download?toolId=${toolId}`).set(headers).expect(200);
    await request(t.http).get(pathOf(body.url)).set('User-Agent', BROWSER).expect(200);
    return new URL(body.url).searchParams.get('signature') as string;
  };
  const answer = (body: object, headers: Record<string, string> = {}, agent = BROWSER) => answerAs(t.http, body, headers, agent);
  const rows = (toolId: number) =>
    t.dataSource.query(`SELECT user_id, visitor_key, useful, comment, counted, excluded_reason FROM tool_usefulness WHERE tool_id = $1 ORDER BY id`, [toolId]);

  it('keeps one answer per member per tool, changeable, and the comment with it', async () => {
    await download(tool.id, member.headers);
    const first = await answer({ toolId: tool.id, useful: true }, member.headers).expect(200);
    expect(first.body).toEqual({ message: UsefulnessMessages.thanks, mine: { useful: true, comment: null } });
    const second = await answer({ toolId: tool.id, useful: false, comment: '  Il manque un exemple rempli.  ' }, member.headers).expect(200);
    expect(second.body).toEqual({ message: UsefulnessMessages.thanksComment, mine: { useful: false, comment: 'Il manque un exemple rempli.' } });
    // Without `comment`, the answer keeps its comment; the body's browser key is ignored for a member.
    await answer({ toolId: tool.id, useful: false, visitorKey: visitorKey() }, member.headers).expect(200);
    expect(await rows(tool.id)).toEqual([
      { user_id: member.user.id, visitor_key: null, useful: false, comment: 'Il manque un exemple rempli.', counted: true, excluded_reason: null },
    ]);
    const mine = await request(t.http).get(UsefulnessApiRoutes.summary(tool.id)).set(member.headers).expect(200);
    expect(mine.body).toEqual({ shown: null, mine: { useful: false, comment: 'Il manque un exemple rempli.' } });
  });

  it('keeps apart the answers of robots and of people who never downloaded the tool', async () => {
    const other = await createTestTool(t);
    const stranger = await createTestUser(t.dataSource);
    await answer({ toolId: other.id, useful: true }, stranger.headers).expect(200);
    await answer({ toolId: other.id, useful: true, visitorKey: visitorKey() }).expect(200);
    // A guest's proof must be a counted download of this tool from this browser's link.
    const proofOfAnotherTool = await download(tool.id);
    await answer({ toolId: other.id, useful: true, visitorKey: visitorKey(), downloadProof: proofOfAnotherTool }).expect(200);
    const proof = await download(other.id);
    await answer({ toolId: other.id, useful: false, visitorKey: visitorKey(), downloadProof: proof }, {}, ROBOT).expect(200);
    await answer({ toolId: other.id, useful: false, visitorKey: visitorKey(), downloadProof: proof }).expect(200);
    expect((await rows(other.id)).map((r: { counted: boolean; excluded_reason: string | null }) => [r.counted, r.excluded_reason])).toEqual([
      [false, 'no-download'], [false, 'no-download'], [false, 'no-download'], [false, 'bot'], [true, null],
    ]);
    // A member who then downloads and answers again is counted.
    await download(other.id, stranger.headers);
    await answer({ toolId: other.id, useful: true }, stranger.headers).expect(200);
    expect((await rows(other.id))[0]).toMatchObject({ counted: true, excluded_reason: null });
  });

  it('shows the rate on the sheet only from 10 counted answers', async () => {
    const fourth = await createTestTool(t);
    const voters = await Promise.all(Array.from({ length: 10 }, () => createTestUser(t.dataSource)));
    for (const [i, voter] of voters.entries()) {
      await download(fourth.id, voter.headers);
      if (i < 9) await answer({ toolId: fourth.id, useful: i < 7 }, voter.headers).expect(200);
    }
    // Answers kept apart never make the figure.
    await answer({ toolId: fourth.id, useful: true }, admin.headers).expect(200);
    expect((await request(t.http).get(UsefulnessApiRoutes.summary(fourth.id)).expect(200)).body).toEqual({ shown: null, mine: null });
    await answer({ toolId: fourth.id, useful: true }, voters[9].headers).expect(200);
    expect((await request(t.http).get(UsefulnessApiRoutes.summary(fourth.id)).expect(200)).body)
      .toEqual({ shown: { usefulPercent: 80, answers: 10 }, mine: null });
  });

  it('answers bad input in French and changes nothing', async () => {
    const before = await rows(tool.id);
    const bad = async (body: object, field: string, message: string) =>
      expect((await answer(body, member.headers).expect(400)).body).toEqual({ errors: { [field]: [message] } });
    await bad({ toolId: tool.id, useful: 'peut-être' }, 'useful', UsefulnessMessages.invalidUseful);
    await bad({ toolId: tool.id }, 'useful', UsefulnessMessages.invalidUseful);
    await bad({ toolId: tool.id, useful: true, comment: 'x'.repeat(501) }, 'comment', UsefulnessMessages.commentTooLong);
    await bad({ toolId: tool.id, useful: true, comment: { a: 1 } }, 'comment', UsefulnessMessages.invalidComment);
    await bad({ toolId: 'abc', useful: true }, 'toolId', CatalogueMessages.invalidToolId);
    await bad({ toolId: tool.id, useful: true, visitorKey: 'court' }, 'visitorKey', UsefulnessMessages.visitorKeyNeeded);
    expect((await answer({ toolId: 999999, useful: true }, member.headers).expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });
    expect((await request(t.http).get(UsefulnessApiRoutes.summary(999999)).expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });
    expect((await request(t.http).get(UsefulnessApiRoutes.summary('x')).expect(400)).body).toEqual({ message: CatalogueMessages.invalidToolId });
    expect(await rows(tool.id)).toEqual(before);
  });

  it('gives admins the figures, the comments newest first, and hides or restores a comment', async () => {
    await request(t.http).get(UsefulnessApiRoutes.adminOverview).expect(401);
    await request(t.http).get(UsefulnessApiRoutes.adminOverview).set(member.headers).expect(403);
    const overview = await request(t.http).get(UsefulnessApiRoutes.adminOverview).set(admin.headers).expect(200);
    const row = overview.body.tools.find((r: { toolId: number }) => r.toolId === tool.id);
    expect(row).toMatchObject({ answers: 1, useful: 0, usefulPercent: 0, comments: 1, excluded: 0 });
    expect(overview.body.toImprove.map((r: { usefulPercent: number }) => r.usefulPercent)).toEqual([80]);

    const { body } = await request(t.http).get(`${UsefulnessApiRoutes.adminComments}?toolId=${tool.id}`).set(admin.headers).expect(200);
    expect(body).toMatchObject({ total: 1, page: 1, comments: [{ toolId: tool.id, useful: false, comment: 'Il manque un exemple rempli.', hidden: false, author: 'member', excludedReason: null }] });
    expect(JSON.stringify(body)).not.toContain(member.email);
    const id = body.comments[0].id;
    expect((await request(t.http).post(UsefulnessApiRoutes.adminCommentVisibility).set(admin.headers).send({ id, hidden: true }).expect(200)).body)
      .toEqual({ message: UsefulnessMessages.commentHidden });
    const hidden = await request(t.http).get(UsefulnessApiRoutes.adminComments).set(admin.headers).expect(200);
    expect(hidden.body.comments.find((c: { id: string }) => c.id === id).hidden).toBe(true);
    await request(t.http).post(UsefulnessApiRoutes.adminCommentVisibility).set(admin.headers).send({ id, hidden: false }).expect(200);
    expect((await request(t.http).post(UsefulnessApiRoutes.adminCommentVisibility).set(admin.headers).send({ id: '999999', hidden: true }).expect(404)).body)
      .toEqual({ message: UsefulnessMessages.commentNotFound });
    await request(t.http).post(UsefulnessApiRoutes.adminCommentVisibility).set(member.headers).send({ id, hidden: true }).expect(403);
  });

  it('exports the comments as CSV through the admins’ signed, single-use export links (docs/product/rules.md#R967)', async () => {
    const day = parisDay();
    const { body } = await request(t.http).post(InsightsApiRoutes.exportLink).set(admin.headers).send({ kind: 'usefulness', from: day, to: day }).expect(200);
    const res = await request(t.http).get(pathOf(body.url)).buffer(true).parse(binary).expect(200);
    const lines = (res.body as Buffer).toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('id;date (UTC);id outil;outil;réponse;commentaire;auteur;compté;motif d’exclusion;masqué');
    const row = lines.find((line) => line.includes('Il manque un exemple rempli.'));
    expect(row?.split(';').slice(2)).toEqual([String(tool.id), tool.name, 'Non', 'Il manque un exemple rempli.', 'Membre', 'oui', '', 'non']);
    expect(lines.join('\n')).not.toContain(member.email);
    await request(t.http).get(pathOf(body.url)).expect(410);
  });

  it('forgets a member’s answers with the account', async () => {
    const leaving = await createTestUser(t.dataSource);
    await answer({ toolId: tool.id, useful: true, comment: 'Parfait.' }, leaving.headers).expect(200);
    await t.dataSource.query(`DELETE FROM app_user WHERE id = $1`, [leaving.user.id]);
    expect((await rows(tool.id)).some((r: { comment: string }) => r.comment === 'Parfait.')).toBe(false);
  });
});

describe('usefulness: one answer per browser, within a per-network budget (docs/product/rules.md#R961)', () => {
  // An app of its own: its rate-limit counters start at zero.
  const t = useTestApp();
  let third: TestTool;
  let member: TestUser;
  beforeAll(async () => {
    third = await createTestTool(t);
    member = await createTestUser(t.dataSource);
  });
  const answer = (body: object, headers: Record<string, string> = {}) => answerAs(t.http, body, headers);
  const rows = (toolId: number) => t.dataSource.query(`SELECT id FROM tool_usefulness WHERE tool_id = $1`, [toolId]);

  it('lets a browser answer once per tool (changing it) and guests of one network spend a budget', async () => {
    const key = visitorKey();
    await answer({ toolId: third.id, useful: true, visitorKey: key }).expect(200);
    await answer({ toolId: third.id, useful: false, visitorKey: key, comment: 'Trop long.' }).expect(200);
    expect(await rows(third.id)).toHaveLength(1);
    expect((await answer({ toolId: third.id, useful: true }).expect(400)).body).toEqual({ message: UsefulnessMessages.visitorKeyNeeded });
    // 30 guests' requests an hour per network; the first two were this test's.
    for (let i = 0; i < 28; i += 1) await answer({ toolId: third.id, useful: true, visitorKey: visitorKey() }).expect(200);
    const refused = await answer({ toolId: third.id, useful: true, visitorKey: visitorKey() }).expect(429);
    expect(refused.body).toEqual({ message: CommonMessages.tooManyRequestsFromIp });
    expect(await rows(third.id)).toHaveLength(29);
    // Members are not held back by the guests' budget.
    await answer({ toolId: third.id, useful: true }, member.headers).expect(200);
  });

});
