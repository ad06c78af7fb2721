import request from 'supertest';
import { MyDataExportLimits, NEWSLETTER_CONSENT_TEXTS, PersonalDataMessages } from '@outils/contracts';
import { LinkSigner } from '@outils/server-signing';
import { ExportLinks } from '../../src/modules/my-data/export-link';
import { createTestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { binary, unzip } from '../factories/zip';
import { useTestApp } from '../support/suite-app';

const pathOf = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

/**
 * 'Mes téléchargements' and 'Télécharger mes données' (docs/product/rules.md#R470, #R968):
 * the exact contents of the file, and nothing of another member in it.
 */
describe('my data: downloads history and export (real PostgreSQL)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  let camille: TestUser;
  let other: TestUser;
  let tools: Array<{ id: number; slug: string; name: string }>;

  beforeAll(async () => {
    camille = await createTestUser(t.dataSource, { firstName: 'Camille', lastName: 'Durand', job: 'Fleuriste' });
    other = await createTestUser(t.dataSource, { firstName: 'Zoé', lastName: 'Autre' });
    tools = [
      await createTestTool(t, { name: 'Tableau de trésorerie' }),
      await createTestTool(t, { name: 'Charte graphique' }),
      await createTestTool(t, { name: 'Outil de Zoé seulement' }),
    ];
    const q = (sql: string, params: unknown[]) => t.dataSource.query(sql, params);
    // Camille: two downloads of one tool, one of another; a guest download with her address is not hers to see.
    await q(`INSERT INTO download_log (tool_id, user_id, email, created_at) VALUES ($1, $2, $3, '2026-03-01T10:00:00Z'), ($1, $2, $3, '2026-03-05T09:30:00Z'), ($4, $2, $3, '2026-03-03T08:00:00Z')`,
      [tools[0].id, camille.user.id, camille.email, tools[1].id]);
    await q(`INSERT INTO download_log (tool_id, user_id, email, created_at) VALUES ($1, NULL, $2, '2026-03-06T08:00:00Z')`, [tools[2].id, camille.email]);
    await q(`INSERT INTO download_log (tool_id, user_id, email, created_at) VALUES ($1, $2, $3, '2026-03-04T08:00:00Z')`, [tools[2].id, other.user.id, other.email]);
    await q(`INSERT INTO favorite (user_id, tool_id, created_at) VALUES ($1, $2, '2026-02-01T12:00:00Z'), ($3, $4, '2026-02-02T12:00:00Z')`,
      [camille.user.id, tools[0].id, other.user.id, tools[2].id]);
    const [folder] = await q(`INSERT INTO tool_folder (user_id, name, description, created_at, updated_at) VALUES ($1, 'Démarrage', 'Mes premiers outils; "essentiels"', '2026-02-10T08:00:00Z', '2026-02-10T08:00:00Z') RETURNING id`, [camille.user.id]);
    await q(`INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position, added_at) VALUES ($1, $2, $3, 0, '2026-02-10T08:01:00Z')`, [folder.id, tools[0].id, tools[0].name]);
    await q(`INSERT INTO tool_folder (user_id, name) VALUES ($1, 'Dossier de Zoé')`, [other.user.id]);
    // One diagnostic each (docs/product/rules.md#R472).
    const [axis] = await q(`INSERT INTO diagnostic_axis (key, name, description, priority_text) VALUES ('export-test', 'Sécurité', 'd', 'p') RETURNING id`, []);
    const [question] = await q(`INSERT INTO diagnostic_question (axis_id, text) VALUES ($1, 'Faites-vous des sauvegardes ?') RETURNING id`, [axis.id]);
    const [yes, no] = await q(`INSERT INTO diagnostic_answer (question_id, text, points) VALUES ($1, 'Oui, chaque semaine', 3), ($1, 'Jamais, pour Zoé', 0) RETURNING id`, [question.id]);
    await q(`INSERT INTO diagnostic_result (user_id, answer_ids, scores, overall, priority_axis_ids, created_at) VALUES ($1, $2, $3, 80, $4, '2026-03-07T10:00:00Z')`,
      [camille.user.id, [yes.id], JSON.stringify([{ axisId: axis.id, key: 'export-test', name: 'Sécurité', score: 80, answered: 1, questions: 1 }]), [axis.id]]);
    await q(`INSERT INTO diagnostic_result (user_id, answer_ids, scores, overall, priority_axis_ids) VALUES ($1, $2, $3, 10, $4)`,
      [other.user.id, [no.id], JSON.stringify([{ axisId: axis.id, key: 'export-test', name: 'Sécurité', score: 10, answered: 1, questions: 1 }]), [axis.id]]);
    // Camille's newsletter: registered from the popup, then confirmed.
    await request(t.http).post('/api/mailjet/register').send({ email: camille.email, consent: true, source: 'popup' }).expect(200);
    await request(t.http).post('/api/mailjet/register').send({ email: other.email, consent: true, source: 'home' }).expect(200);
    await q(`UPDATE newsletter_subscriber SET status = 'subscribed', confirmed_at = '2026-03-02T07:00:00Z' WHERE email = $1`, [camille.email]);
    // Camille's answers to « Cet outil vous a-t-il aidé ? » (R968), one changed since; Zoé's are hers.
    await q(`INSERT INTO tool_usefulness (tool_id, user_id, useful, comment, counted, created_at, updated_at)
             VALUES ($1, $2, true, NULL, true, '2026-03-06T10:00:00Z', '2026-03-06T10:00:00Z'),
                    ($3, $2, false, 'Trop long; "à remplir" à la main', true, '2026-03-04T09:00:00Z', '2026-03-08T11:00:00Z')`,
      [tools[0].id, camille.user.id, tools[1].id]);
    await q(`INSERT INTO tool_usefulness (tool_id, user_id, useful, comment, counted) VALUES ($1, $2, true, 'Avis de Zoé', true)`, [tools[2].id, other.user.id]);
  });

  it('lists the member\'s own downloads, newest first, with their tools; needs a session', async () => {
    await request(t.http).get('/api/user/downloads').expect(401);
    const res = await request(t.http).get('/api/user/downloads').set(camille.headers).expect(200);
    expect(res.body).toEqual({
      downloads: [
        { downloadedAt: '2026-03-05T09:30:00.000Z', tool: { id: tools[0].id, slug: tools[0].slug, name: 'Tableau de trésorerie' } },
        { downloadedAt: '2026-03-03T08:00:00.000Z', tool: { id: tools[1].id, slug: tools[1].slug, name: 'Charte graphique' } },
        { downloadedAt: '2026-03-01T10:00:00.000Z', tool: { id: tools[0].id, slug: tools[0].slug, name: 'Tableau de trésorerie' } },
      ],
    });
  });

  it('gives a small history at once: a 10-minute link to a ZIP with the JSON and the CSVs, with nothing of anyone else', async () => {
    await request(t.http).post('/api/user/export').expect(401);
    const asked = await request(t.http).post('/api/user/export').set(camille.headers).expect(200);
    expect(asked.body).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3999\/api\/user\/export\/file\?/) });
    const file = await request(t.http).get(pathOf(asked.body.url)).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="(outils-mes-donnees-\d{4}-\d{2}-\d{2}\.zip)"; filename\*=UTF-8''\1$/);
    expect(file.headers['cache-control']).toBe('no-store');

    const entries = await unzip(file.body as Buffer);
    expect([...entries.keys()]).toEqual(['mes-donnees.json', 'telechargements.csv', 'favoris.csv', 'dossiers.csv', 'newsletter.csv', 'diagnostics.csv', 'avis-outils.csv']);
    const data = JSON.parse(entries.get('mes-donnees.json')!.toString());
    const sheet = (slug: string) => `http://localhost:4299/toolspage/${slug}`;
    expect(data).toEqual({
      profil: {
        email: camille.email, prenom: 'Camille', nom: 'Durand', metier: 'Fleuriste', secteurActivite: null, administrateur: false,
        compteCreeLe: expect.any(String), compteActiveLe: expect.any(String),
      },
      consentements: {
        conditionsGeneralesAccepteesLe: expect.any(String),
        newsletter: [{ date: expect.any(String), evenement: 'Inscription demandée', source: 'Fenêtre « Restez cool »', texteAffiche: NEWSLETTER_CONSENT_TEXTS.popup, adresseIp: expect.any(String) }],
      },
      newsletter: { statut: 'Confirmé', source: 'Fenêtre « Restez cool »', inscritLe: expect.any(String), confirmeLe: '2026-03-02T07:00:00.000Z', desinscritLe: null },
      favoris: [{ ajouteLe: '2026-02-01T12:00:00.000Z', outil: { id: tools[0].id, nom: 'Tableau de trésorerie', slug: tools[0].slug } }],
      dossiers: [{
        nom: 'Démarrage', description: 'Mes premiers outils; "essentiels"', partage: false, partageLe: null, kit: false,
        creeLe: '2026-02-10T08:00:00.000Z', modifieLe: '2026-02-10T08:00:00.000Z',
        outils: [{ position: 0, nom: 'Tableau de trésorerie', slug: tools[0].slug, retireDuCatalogue: false, ajouteLe: '2026-02-10T08:01:00.000Z' }],
      }],
      telechargements: [
        { date: '2026-03-05T09:30:00.000Z', outil: { id: tools[0].id, nom: 'Tableau de trésorerie', slug: tools[0].slug } },
        { date: '2026-03-03T08:00:00.000Z', outil: { id: tools[1].id, nom: 'Charte graphique', slug: tools[1].slug } },
        { date: '2026-03-01T10:00:00.000Z', outil: { id: tools[0].id, nom: 'Tableau de trésorerie', slug: tools[0].slug } },
      ],
      resultatsDiagnostic: [{
        date: '2026-03-07T10:00:00.000Z', scoreGlobal: 80, scoresParAxe: [{ axe: 'Sécurité', score: 80 }], axesPrioritaires: ['Sécurité'],
        reponses: [{ question: 'Faites-vous des sauvegardes ?', reponse: 'Oui, chaque semaine' }],
      }],
      avisOutils: [
        {
          outil: { id: tools[1].id, nom: 'Charte graphique', slug: tools[1].slug }, reponse: 'Non', commentaire: 'Trop long; "à remplir" à la main',
          donneLe: '2026-03-04T09:00:00.000Z', modifieLe: '2026-03-08T11:00:00.000Z',
        },
        {
          outil: { id: tools[0].id, nom: 'Tableau de trésorerie', slug: tools[0].slug }, reponse: 'Oui', commentaire: null,
          donneLe: '2026-03-06T10:00:00.000Z', modifieLe: '2026-03-06T10:00:00.000Z',
        },
      ],
      planSuivi: null,
    });
    expect(entries.get('avis-outils.csv')!.toString()).toBe(
      '\ufeffdonne_le;modifie_le;outil;fiche;reponse;commentaire\r\n' +
      `2026-03-04T09:00:00.000Z;2026-03-08T11:00:00.000Z;Charte graphique;${sheet(tools[1].slug)};Non;"Trop long; ""à remplir"" à la main"\r\n` +
      `2026-03-06T10:00:00.000Z;2026-03-06T10:00:00.000Z;Tableau de trésorerie;${sheet(tools[0].slug)};Oui;\r\n`,
    );
    // French words, not codes, in the newsletter's CSV too (R743).
    expect(entries.get('newsletter.csv')!.toString()).toContain(';Inscription demandée;Fenêtre « Restez cool »;');
    expect(entries.get('diagnostics.csv')!.toString()).toBe('\ufeffdate;score_global;axe;score_axe\r\n2026-03-07T10:00:00.000Z;80;Sécurité;80\r\n');
    expect(entries.get('telechargements.csv')!.toString()).toBe(
      `\ufeffdate;outil;fiche\r\n2026-03-05T09:30:00.000Z;Tableau de trésorerie;${sheet(tools[0].slug)}\r\n` +
      `2026-03-03T08:00:00.000Z;Charte graphique;${sheet(tools[1].slug)}\r\n2026-03-01T10:00:00.000Z;Tableau de trésorerie;${sheet(tools[0].slug)}\r\n`,
    );
    expect(entries.get('dossiers.csv')!.toString()).toBe(
      `\ufeffdossier;position;outil;fiche;ajoute_le\r\nDémarrage;0;Tableau de trésorerie;${sheet(tools[0].slug)};2026-02-10T08:01:00.000Z\r\n`,
    );
    // Nothing of the other member anywhere in the file (her address, her tool, her folder).
    const everything = [...entries.values()].map((b) => b.toString()).join('\n');
    for (const foreign of [other.email, 'Outil de Zoé seulement', 'Dossier de Zoé', 'Avis de Zoé', 'Zoé']) expect(everything).not.toContain(foreign);
  });

  it('refuses a forged link (403) and an expired one (410) with the French message', async () => {
    const asked = await request(t.http).post('/api/user/export').set(camille.headers).expect(200);
    const url = new URL(asked.body.url);
    url.searchParams.set('u', other.user.id);
    expect((await request(t.http).get(pathOf(url.toString())).expect(403)).body).toEqual({ message: PersonalDataMessages.exportLinkInvalid });
    const tampered = new URL(asked.body.url);
    tampered.searchParams.set('x', String(Number(tampered.searchParams.get('x')) + 3600));
    await request(t.http).get(pathOf(tampered.toString())).expect(403);
    const expired = new ExportLinks(new LinkSigner(t.config.downloads.secret)).sign({ userId: camille.user.id, exportId: null, expires: Math.floor(Date.now() / 1000) - 1 });
    expect((await request(t.http).get(`/api/user/export/file?${expired.toString()}`).expect(410)).body).toEqual({ message: PersonalDataMessages.exportLinkInvalid });
    await request(t.http).get('/api/user/export/file?u=x').expect(403);
  });

  it('builds a large history in the background: a message, a queued job with a 24-hour link, the file not there yet', async () => {
    const big = await createTestUser(t.dataSource);
    await t.dataSource.query(
      `INSERT INTO download_log (tool_id, user_id, created_at) SELECT $1, $2, now() - make_interval(mins => g) FROM generate_series(1, $3) g`,
      [tools[0].id, big.user.id, MyDataExportLimits.atOnceMaxRows + 1],
    );
    const asked = await request(t.http).post('/api/user/export').set(big.headers).expect(200);
    expect(asked.body).toEqual({ message: PersonalDataMessages.exportMailed });
    const [job] = await t.dataSource.query(`SELECT payload FROM outbox_message WHERE job_name = 'build-data-export' AND payload->>'to' = $1`, [big.email]);
    const link = new URL(job.payload.downloadUrl);
    expect(Number(link.searchParams.get('x')) * 1000 - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await request(t.http).get(pathOf(link.toString())).expect(410)).body).toEqual({ message: PersonalDataMessages.exportLinkInvalid });
  });
});
