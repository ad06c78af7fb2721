import request from 'supertest';
import { UsefulnessApiRoutes } from '@outils/contracts';
import { ensureActivityAreas } from '../factories/accounts.factory';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SECTOR = 'Horlogerie-bijouterie';
const OTHER_SECTOR = 'Menuiserie-ébénisterie';
const sectorReason = `Parce que vous êtes dans le secteur « ${SECTOR} »`;

/**
 * 'Pour vous' fed by « Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R985, R986, R988): what
 * members of the same activity area found useful rises with the count as its reason, from 3 members
 * only; what the member answered 'Non' leaves their list. Tools written for no sector, so that the
 * peers' downloads are the only other signal.
 */
describe('Pour vous: what the sector found useful (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true, env: { RATE_LIMIT_ENABLED: 'false' } });
  let member: TestUser;
  let peers: TestUser[];
  let others: TestUser[];
  let otherArea: number;
  let tools: Record<'useful' | 'elsewhere' | 'tooFew' | 'divided' | 'refused', TestTool>;

  /** A counted download through the API's own link. */
  const download = async (who: TestUser, tool: TestTool) => {
    const { body } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).set(who.headers).expect(200);
    const url = new URL(body.url);
    await request(t.http).get(`${url.pathname}${url.search}`).set('User-Agent', BROWSER).expect(200);
  };
  const answer = (who: TestUser, tool: TestTool, useful: boolean) =>
    request(t.http).post(UsefulnessApiRoutes.answer).set('User-Agent', BROWSER).set(who.headers).send({ toolId: tool.id, useful, comment: `Avis privé de ${who.email}` }).expect(200);
  const forYou = async (who: TestUser) => {
    const res = await request(t.http).get('/api/for-you').set(who.headers).expect(200);
    return { raw: JSON.stringify(res.body), ranked: (res.body.tools as Array<{ tool: { id: number }; reason: string }>).map((x) => [x.tool.id, x.reason] as [number, string]) };
  };
  const reasonOf = (ranked: Array<[number, string]>, tool: TestTool) => ranked.find(([id]) => id === tool.id)?.[1];
  const rankOf = (ranked: Array<[number, string]>, tool: TestTool) => ranked.findIndex(([id]) => id === tool.id);

  beforeAll(async () => {
    const areas = await ensureActivityAreas(t.dataSource, [SECTOR, OTHER_SECTOR]);
    const area = areas.find((a) => a.name === SECTOR)!.id;
    otherArea = areas.find((a) => a.name === OTHER_SECTOR)!.id;
    member = await createTestUser(t.dataSource, { activityAreaId: area });
    peers = [];
    for (let i = 0; i < 7; i += 1) peers.push(await createTestUser(t.dataSource, { activityAreaId: area, firstName: 'Anaïs', lastName: `Voisine${i}` }));
    others = [];
    for (let i = 0; i < 3; i += 1) others.push(await createTestUser(t.dataSource, { activityAreaId: otherArea, firstName: 'Bastien', lastName: `Lointain${i}` }));
    // Created in this order, the tool that will be found useful has the highest id: last among equals.
    const make = (name: string) => createTestTool(t, { name, people: 'Les équipes', description: 'Un modèle à remplir.' });
    const refused = await make('Registre des remboursements');
    const elsewhere = await make('Tableau de suivi des commandes');
    const tooFew = await make('Modèle de relance des impayés');
    const divided = await make('Grille des horaires d’ouverture');
    const useful = await make('Plan de classement des factures');
    tools = { refused, elsewhere, tooFew, divided, useful };
    // The sector's members all downloaded the same tools: the area's own signal ties them.
    for (const peer of peers) for (const tool of Object.values(tools)) await download(peer, tool);
    for (const other of others) await download(other, elsewhere);
  });

  it('before any answer, the sector\'s tools tie, each with the sector as its reason', async () => {
    const { ranked } = await forYou(member);
    expect(ranked).toHaveLength(5);
    expect(ranked.every(([, reason]) => reason === sectorReason)).toBe(true);
    expect(rankOf(ranked, tools.useful)).toBe(4);
  });

  it('raises what 3 members of the sector found useful, saying how many companies, and nothing of who', async () => {
    for (const peer of peers.slice(0, 3)) await answer(peer, tools.useful, true);
    // The same three answers from another sector change nothing for this member.
    for (const other of others) await answer(other, tools.elsewhere, true);
    // Two members only: below the minimum, neither the rank nor the reason moves.
    for (const peer of peers.slice(0, 2)) await answer(peer, tools.tooFew, true);
    // Three 'Oui' but four 'Non' in the sector: not called useful.
    for (const [i, peer] of peers.entries()) await answer(peer, tools.divided, i < 3);

    const { ranked, raw } = await forYou(member);
    expect(ranked[0]).toEqual([tools.useful.id, 'Utile à 3 entreprises de votre secteur']);
    expect(reasonOf(ranked, tools.elsewhere)).toBe(sectorReason);
    expect(reasonOf(ranked, tools.tooFew)).toBe(sectorReason);
    expect(reasonOf(ranked, tools.divided)).toBe(sectorReason);
    expect(ranked.slice(1).map(([id]) => id)).toEqual([tools.refused.id, tools.elsewhere.id, tools.tooFew.id, tools.divided.id]);
    // No name, address or comment of those who answered.
    for (const who of [...peers, ...others]) expect(raw).not.toContain(who.email);
    expect(raw).not.toMatch(/Voisine|Lointain|Avis privé/);
  });

  it('leaves out a tool the member answered \'Non\', even one the sector loves; \'Oui\' again brings it back', async () => {
    for (const peer of peers.slice(0, 4)) await answer(peer, tools.refused, true);
    expect(reasonOf((await forYou(member)).ranked, tools.refused)).toBe('Utile à 4 entreprises de votre secteur');

    // Answered from the sheet without downloading it: kept apart from the figures, but it is the member's word.
    await answer(member, tools.refused, false);
    const [row] = await t.dataSource.query(`SELECT counted FROM tool_usefulness WHERE user_id = $1 AND tool_id = $2`, [member.user.id, tools.refused.id]);
    expect(row.counted).toBe(false);
    const without = (await forYou(member)).ranked;
    expect(without.map(([id]) => id)).not.toContain(tools.refused.id);
    expect(without).toHaveLength(4);

    await answer(member, tools.refused, true);
    expect(reasonOf((await forYou(member)).ranked, tools.refused)).toBe('Utile à 4 entreprises de votre secteur');
  });

  it('counts per sector: the other sector\'s newcomer sees what its three members found useful', async () => {
    const newcomer = await createTestUser(t.dataSource, { activityAreaId: otherArea });
    const { ranked } = await forYou(newcomer);
    expect(ranked).toEqual([[tools.elsewhere.id, 'Utile à 3 entreprises de votre secteur']]);
  });
});
