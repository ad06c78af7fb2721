import request from 'supertest';
import { LinkPurposes, LinkSigner } from '@outils/server-signing';
import { PartnerMessages, type EmbedResponse, type Partner } from '@outils/contracts';
import { partnerOfAttribution } from '../../src/modules/partners/partner-attribution';
import { createCategory, createTestTool, createToolType, NamedRow, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const DAY = 86_400_000;

/**
 * Partners (docs/product/rules.md#R993–R996): the admin's CRUD with French refusals, and each
 * partner's embed — only for the pages of its allowed sites, only published tools, links carrying
 * a signed attribution that a tampered copy does not pass.
 */
describe('partners: admin CRUD and the embed’s read (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let member: TestUser;
  let category: NamedRow;
  let other: NamedRow;
  let type: NamedRow;
  let tools: TestTool[];
  let draft: TestTool;
  let partner: Partner;
  const ORIGIN = 'https://www.cci-exemple.fr';

  beforeAll(async () => {
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
    category = await createCategory(t.dataSource, 'Cybersécurité');
    other = await createCategory(t.dataSource, 'Gestion');
    type = await createToolType(t.dataSource, 'Checklist');
    tools = [
      await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Sauvegardes', slug: 'sauvegardes', createdAt: new Date(Date.now() - 2 * DAY) }),
      await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Mots de passe', slug: 'mots-de-passe', createdAt: new Date(Date.now() - DAY) }),
      await createTestTool(t, { categoryId: other.id, typeId: type.id, name: 'Trésorerie', slug: 'tresorerie' }),
    ];
    draft = await createTestTool(t, { categoryId: category.id, typeId: type.id, name: 'Brouillon cyber', slug: 'brouillon-cyber', isDraft: true });
  });

  const post = (path: string, body: object, as: TestUser | undefined = admin) => {
    const req = request(t.http).post(path);
    return (as ? req.set(as.headers) : req).send(body);
  };

  it('lets an admin create, list, change and delete partners; members and guests get 403/401 (R993)', async () => {
    const created = await post('/api/admin/partners/create', {
      name: ' CCI Exemple ', website: 'https://www.cci-exemple.fr', contactEmail: 'Numerique@CCI-exemple.fr',
      logoUrl: 'https://www.cci-exemple.fr/logo.png', allowedHosts: ['https://www.cci-exemple.fr/page', '*.cci-exemple.fr', 'WWW.CCI-EXEMPLE.FR'],
    }).expect(201);
    partner = created.body as Partner;
    expect(partner).toMatchObject({ name: 'CCI Exemple', contactEmail: 'numerique@cci-exemple.fr', allowedHosts: ['www.cci-exemple.fr', '*.cci-exemple.fr'] });
    const listed = await request(t.http).get('/api/admin/partners').set(admin.headers).expect(200);
    expect(listed.body.partners.map((p: Partner) => p.id)).toContain(partner.id);
    await request(t.http).get('/api/admin/partners').set(member.headers).expect(403);
    await request(t.http).get('/api/admin/partners').expect(401);
    await post('/api/admin/partners/create', { name: 'X', website: 'https://x.fr', contactEmail: 'a@x.fr', allowedHosts: [] }, member).expect(403);

    const changed = await post('/api/admin/partners/update', { ...partner, name: 'CCI Exemple Métropole' }).expect(200);
    expect(changed.body.name).toBe('CCI Exemple Métropole');
    const extra = (await post('/api/admin/partners/create', { name: 'À supprimer', website: 'https://x.fr', contactEmail: 'a@x.fr', allowedHosts: [] }).expect(201)).body as Partner;
    await post('/api/admin/partners/delete', { id: extra.id }).expect(204);
    const gone = await post('/api/admin/partners/delete', { id: extra.id }).expect(404);
    expect(gone.body.message).toBe(PartnerMessages.notFound);
  });

  it('refuses bad input in French and changes nothing (R993)', async () => {
    const before = (await request(t.http).get('/api/admin/partners').set(admin.headers).expect(200)).body.partners.length;
    const res = await post('/api/admin/partners/create', { name: '', website: 'ftp://x', contactEmail: 'pas-un-email', allowedHosts: ['exemple .fr'] }).expect(400);
    expect(res.body.errors.name).toEqual(['Le champ « Nom » est obligatoire.']);
    expect(res.body.errors.website).toEqual(['La valeur du champ « Site web » n’est pas valide.']);
    expect(res.body.errors.contactEmail).toEqual(['L’adresse e-mail n’est pas valide.']);
    expect(res.body.errors.allowedHosts).toEqual([PartnerMessages.invalidHost('exemple .fr')]);
    await post('/api/admin/partners/update', { id: '00000000-0000-4000-8000-000000000000', name: 'X', website: 'https://x.fr', contactEmail: 'a@x.fr', allowedHosts: [] }).expect(404);
    expect((await request(t.http).get('/api/admin/partners').set(admin.headers).expect(200)).body.partners).toHaveLength(before);
  });

  const embed = (query = '', origin: string | null = ORIGIN, id = partner.id) => {
    const req = request(t.http).get(`/api/partners/${id}/embed${query}`);
    return origin ? req.set('Origin', origin) : req;
  };

  it('shows a topic’s published tools, newest first, to an allowed site, CORS-open, with signed attribution (R994, R996)', async () => {
    const res = await embed(`?sujet=${category.id}`).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.body as EmbedResponse;
    expect(body.partner).toEqual({ name: 'CCI Exemple Métropole', website: 'https://www.cci-exemple.fr', logoUrl: 'https://www.cci-exemple.fr/logo.png' });
    expect(body.tools.map((tool) => tool.name)).toEqual(['Mots de passe', 'Sauvegardes']);
    expect(body.tools[0].file).toMatch(/^PDF · \d/);
    const url = new URL(body.tools[0].url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.urls.web}/toolspage/mots-de-passe`);
    const key = new LinkSigner(t.config.downloads.secret).key(LinkPurposes.partnerAttribution);
    const token = url.searchParams.get('partenaire')!;
    expect(partnerOfAttribution(key, token)).toBe(partner.id);
    // A tampered attribution names nobody.
    expect(partnerOfAttribution(key, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(partnerOfAttribution(key, token.replace(partner.id.slice(0, 8), '00000000'))).toBeNull();
    // A subdomain of a `*.` rule may show it too.
    await embed(`?sujet=${category.id}`, 'https://agence.cci-exemple.fr').expect(200);
  });

  it('shows a list of tools in its order, and never a draft (R994, R651)', async () => {
    const res = await embed(`?outils=${tools[2].id},${draft.id},${tools[0].id}`).expect(200);
    expect((res.body as EmbedResponse).tools.map((tool) => tool.id)).toEqual([tools[2].id, tools[0].id]);
    const byType = await embed(`?type=${type.id}`).expect(200);
    expect((byType.body as EmbedResponse).tools.map((tool) => tool.id)).not.toContain(draft.id);
  });

  it('refuses in French a disallowed site, a page without origin, an unknown partner and a bad slice (R995)', async () => {
    for (const origin of ['https://www.autre-site.fr', 'https://cci-exemple.fr.pirate.example']) {
      const res = await embed('', origin).expect(403);
      expect(res.body).toEqual({ message: PartnerMessages.hostNotAllowed });
    }
    expect((await embed('', null).expect(403)).body).toEqual({ message: PartnerMessages.originMissing });
    expect((await embed('', ORIGIN, '00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual({ message: PartnerMessages.notFound });
    expect((await embed('', ORIGIN, 'pas-un-id').expect(404)).body).toEqual({ message: PartnerMessages.notFound });
    expect((await embed('?outils=1,abc').expect(400)).body).toEqual({ message: PartnerMessages.invalidToolList });
    await embed('?sujet=999999').expect(400);
  });

  it('shows a kit’s published tools in the kit’s order, with the kit’s page attributed; a folder that is not a kit, or a kit with a slice, is refused (R1004, R1007)', async () => {
    const create = async (name: string) => (await post('/api/folders/create', { name }).expect(200)).body.folder as { id: string };
    const kit = await create('Kit du partenaire');
    for (const tool of [tools[2], tools[0]]) await post(`/api/folders/${kit.id}/tools/add`, { toolId: tool.id }).expect(200);
    const { shareToken } = (await post(`/api/folders/${kit.id}/share`, {}).expect(200)).body.folder as { shareToken: string };
    await post(`/api/folders/${kit.id}/kit`, { isKit: true }).expect(200);
    const res = await embed(`?kit=${shareToken}`).expect(200);
    const body = res.body as EmbedResponse;
    expect(body.tools.map((tool) => tool.id)).toEqual([tools[2].id, tools[0].id]);
    expect(body.kit?.name).toBe('Kit du partenaire');
    const kitUrl = new URL(body.kit!.url);
    expect(kitUrl.pathname).toBe(`/dossiers/${shareToken}`);
    expect(partnerOfAttribution(new LinkSigner(t.config.downloads.secret).key(LinkPurposes.partnerAttribution), kitUrl.searchParams.get('partenaire'))).toBe(partner.id);

    // Shared but not a kit, unknown, malformed: French refusals, nothing shown.
    const plain = await create('Simple dossier partagé');
    const plainToken = (await post(`/api/folders/${plain.id}/share`, {}).expect(200)).body.folder.shareToken as string;
    expect((await embed(`?kit=${plainToken}`).expect(404)).body).toEqual({ message: PartnerMessages.kitNotFound });
    expect((await embed(`?kit=${'x'.repeat(43)}`).expect(404)).body).toEqual({ message: PartnerMessages.kitNotFound });
    expect((await embed('?kit=pas-un-kit').expect(400)).body).toEqual({ message: PartnerMessages.kitNotFound });

    // A kit with a slice is refused, not half-read: nothing shown and no view credited (R1007).
    const views = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM partner_event WHERE partner_id = $1`, [partner.id]))[0].n);
    const before = await views();
    for (const slice of [`sujet=${category.id}`, `type=${type.id}`, `outils=${tools[0].id}`, `sujet=${category.id}&type=${type.id}`]) {
      expect((await embed(`?kit=${shareToken}&${slice}`).expect(400)).body).toEqual({ message: PartnerMessages.kitWithSlice });
    }
    expect((await embed(`?kit=pas-un-kit&sujet=${category.id}`).expect(400)).body).toEqual({ message: PartnerMessages.kitWithSlice });
    expect(await views()).toBe(before);
    // An empty attribute is no slice: the kit still shows.
    expect(((await embed(`?kit=${shareToken}&sujet=`).expect(200)).body as EmbedResponse).kit?.name).toBe('Kit du partenaire');
  });
});
