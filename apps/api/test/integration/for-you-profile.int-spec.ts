import request from 'supertest';
import { DemoAxis, seedDiagnostic } from '@outils/server-db/seed';
import { ensureActivityAreas } from '../factories/accounts.factory';
import { createCategory, createTestTool, createToolType } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/**
 * 'Pour vous' keeps the promise of the home page: recommendations chosen by the member's sector
 * and trade, from their first visit (docs/product/rules.md#R985). A catalogue written like the
 * demo one: the audience of each tool in 'Pour qui ?' (`people`).
 */
const SECTOR = 'Hôtellerie-restauration';
const TOOLS = [
  // Written for shops and restaurants.
  { name: 'Diagnostic de la présence en ligne', people: 'Commerçants, artisans, professions libérales', description: 'Votre fiche d’établissement, vos avis clients et votre site.' },
  { name: 'Kit de démarrage des réseaux sociaux', people: 'Commerçants, artisans, associations', description: 'Dix idées de publications et un calendrier.' },
  { name: 'Fichier type de gestion des contacts clients', people: 'Commerçants, indépendants, petites équipes commerciales', description: 'Un fichier pour suivre vos clients.' },
  // A trap for stemmed matching: "restauration" of a backup is not a restaurant.
  { name: 'Checklist de sauvegarde des données', people: 'Toute entreprise, référent informatique', description: 'Inventaire, supports, automatisation et test de restauration.' },
  // Nothing to do with the sector, but the most downloaded.
  { name: 'Modèle de plan de trésorerie', people: 'Dirigeants, gestionnaires', description: 'Encaissements et décaissements mois par mois.', downloadCount: 90 },
  { name: 'Modèle de charte informatique', people: 'Dirigeants, responsables RH', description: 'Les règles d’usage des outils.', downloadCount: 80 },
  { name: 'Liste des indicateurs de pilotage', people: 'Dirigeants, gestionnaires', description: 'Les chiffres à suivre chaque mois.', downloadCount: 70 },
];

const AXES: DemoAxis[] = [
  {
    key: 'gestion', name: 'Gestion et pilotage', description: 'Chiffres.', priorityText: 'Piloter.', category: 'Gestion (pour vous)',
    tools: ['Modèle de plan de trésorerie', 'Liste des indicateurs de pilotage'],
    questions: [{ text: 'Suivez-vous vos chiffres ?', answers: [{ text: 'Non', points: 0 }, { text: 'Oui', points: 4 }] }],
  },
  {
    key: 'clients', name: 'Clients et présence en ligne', description: 'Être trouvé.', priorityText: 'Être trouvé.', category: 'Clients (pour vous)',
    tools: ['Diagnostic de la présence en ligne'],
    questions: [{ text: 'Avez-vous une fiche d’établissement ?', answers: [{ text: 'Pas encore', points: 0 }, { text: 'Oui, à jour', points: 4 }] }],
  },
];

describe('Pour vous: chosen by sector and trade (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let areaId: number;

  beforeAll(async () => {
    await t.dataSource.query(`TRUNCATE diagnostic_axis, diagnostic_result, tool_related RESTART IDENTITY CASCADE`);
    const gestion = await createCategory(t.dataSource, 'Gestion (pour vous)');
    const clients = await createCategory(t.dataSource, 'Clients (pour vous)');
    const communication = await createCategory(t.dataSource, 'Communication (pour vous)');
    const type = await createToolType(t.dataSource, 'Modèle (pour vous)');
    for (const tool of TOOLS) {
      const categoryId = /trésorerie|charte|indicateurs|sauvegarde/.test(tool.name) ? gestion.id : /présence/.test(tool.name) ? clients.id : communication.id;
      await createTestTool(t, { name: tool.name, people: tool.people, description: tool.description, categoryId, typeId: type.id, downloadCount: tool.downloadCount ?? 0 });
    }
    await seedDiagnostic(t.dataSource, AXES);
    const areas = await ensureActivityAreas(t.dataSource, [SECTOR]);
    areaId = areas.find((a) => a.name === SECTOR)!.id;
  });

  const forYou = async (member: TestUser) => {
    const res = await request(t.http).get('/api/for-you').set(member.headers).expect(200);
    return {
      body: res.body as { personalised: boolean; hasDiagnostic: boolean },
      ranked: (res.body.tools as Array<{ tool: { name: string }; reason: string }>).map((x) => [x.tool.name, x.reason]),
    };
  };

  it('gives a new member of a sector, with no diagnostic and no peers, the tools written for that sector, saying so', async () => {
    const member = await createTestUser(t.dataSource, { activityAreaId: areaId });
    const { body, ranked } = await forYou(member);
    expect(body).toMatchObject({ personalised: true, hasDiagnostic: false });
    const reason = `Parce que vous êtes dans le secteur « ${SECTOR} »`;
    expect(ranked).toEqual(expect.arrayContaining([
      ['Diagnostic de la présence en ligne', reason],
      ['Kit de démarrage des réseaux sociaux', reason],
      ['Fichier type de gestion des contacts clients', reason],
    ]));
    // Not the month's most downloaded list, and no backup checklist for a restaurant.
    expect(ranked.every(([, r]) => r === reason)).toBe(true);
    expect(ranked.map(([name]) => name)).not.toContain('Checklist de sauvegarde des données');
    expect(ranked.map(([name]) => name)).not.toContain('Modèle de plan de trésorerie');
  });

  it('reads the trade in the job title, not its role words, and names it', async () => {
    const member = await createTestUser(t.dataSource, { job: 'Gérant de restaurant' });
    const { ranked } = await forYou(member);
    const reason = 'Utile pour votre métier : Gérant de restaurant';
    expect(ranked).toEqual(expect.arrayContaining([['Diagnostic de la présence en ligne', reason], ['Kit de démarrage des réseaux sociaux', reason]]));
    expect(ranked.map(([name]) => name)).not.toContain('Checklist de sauvegarde des données');
  });

  it('with a diagnostic, still names the sector: beside a priority, and for the tools written for it', async () => {
    const member = await createTestUser(t.dataSource, { activityAreaId: areaId, job: 'Gérante d’hôtel' });
    const answers: Array<{ id: number; text: string }> = await t.dataSource.query(`SELECT id, text FROM diagnostic_answer`);
    const ids = answers.filter((a) => a.text === 'Non' || a.text === 'Pas encore').map((a) => a.id);
    await request(t.http).post('/api/diagnostic/results/create').set(member.headers).send({ answerIds: ids }).expect(200);

    const { body, ranked } = await forYou(member);
    expect(body).toMatchObject({ personalised: true, hasDiagnostic: true });
    // A tool of the plan that is also written for the sector comes first and says both.
    expect(ranked[0]).toEqual([
      'Diagnostic de la présence en ligne',
      `Pour votre priorité : clients et présence en ligne, et adapté à votre secteur « ${SECTOR} »`,
    ]);
    expect(ranked).toContainEqual(['Kit de démarrage des réseaux sociaux', `Parce que vous êtes dans le secteur « ${SECTOR} »`]);
    expect(ranked.filter(([, reason]) => reason.includes(SECTOR)).length).toBeGreaterThanOrEqual(3);
    // The plan's other tools keep their priority.
    expect(ranked).toContainEqual(['Modèle de plan de trésorerie', 'Pour votre priorité : gestion et pilotage']);
  });
});
