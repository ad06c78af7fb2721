import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { CatalogueMessages, CommonMessages, Tool, VersionMessages } from '@outils/contracts';
import {
  createCategory, createTestTool, createToolType, NamedRow, resetCatalogue, SAMPLE_JPEG, SAMPLE_PDF, samplePng, TestTool,
} from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
const ELF = Buffer.concat([Buffer.from('7f454c4602010100', 'hex'), Buffer.alloc(256, 1)]);
const MZ = Buffer.concat([Buffer.from('4d5a9000', 'hex'), Buffer.alloc(256)]);
const ZIP = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('0a0000000000'), Buffer.alloc(64)]);
/**
 * 55 bytes: an ASF header whose first object claims a size of 0. file-type 16 stepped back over
 * it forever (an endless loop holding the whole API); the version in use refuses it.
 */
const ASF_LOOP = Buffer.concat([Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex'), Buffer.alloc(14), Buffer.alloc(16, 0x11), Buffer.alloc(8), Buffer.from([0])]);

async function sampleXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Checklist').addRow(['Étape', 'Fait ?']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
async function sampleDocx(): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Modèle de devis')] }] }));
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name)));
  }
  return out.sort();
}

describe('catalogue: tool administration (real PostgreSQL, disk storage)', () => {
  const t = useTestApp();
  let storageDir: string;
  let admin: TestUser;
  let member: TestUser;
  let category: NamedRow;
  let type: NamedRow;

  beforeAll(async () => {
    storageDir = resolve(t.config.storage.dir);
    await resetCatalogue(t.dataSource);
    category = await createCategory(t.dataSource, 'Gestion et finance');
    type = await createToolType(t.dataSource, 'Modèle');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
  });

  /** The tool form as the web sends it (multipart), with the admin's stored credentials. */
  const form = (path: string, user: TestUser = admin) =>
    request(t.http).post(path).field('storedMail', user.email).field('storedToken', user.token);
  const validCreate = (title = 'Modèle de devis') =>
    form('/admin/tools/create')
      .field('title', title).field('description', 'Un modèle de devis.\nPrêt à remplir.').field('type', String(type.id))
      .field('category', String(category.id)).field('difficulty', 'Moyen').field('goal', 'Chiffrer une prestation')
      .field('people', 'Artisans et indépendants').field('duration', '1,5')
      .attach('toolFile', SAMPLE_PDF, 'devis.pdf');
  const sheet = async (idOrSlug: string | number): Promise<Tool> => (await request(t.http).get(`/tools/${idOrSlug}`).expect(200)).body.tool;
  const toolCount = async () => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM tool`))[0].n);

  describe('authorization', () => {
    it.each(['create', 'update', 'delete'])('answers 401 to a guest and 403 to a member on %s, changing nothing', async (action) => {
      const before = await toolCount();
      const files = await filesUnder(storageDir);
      // Only create and update take files (the body parser refuses files elsewhere, before the guard).
      const withFile = (req: request.Test) => (action === 'delete' ? req : req.attach('toolFile', SAMPLE_PDF, 'x.pdf'));
      const guest = await withFile(request(t.http).post(`/admin/tools/${action}`).field('title', 'X').field('toolId', '1')).expect(401);
      expect(guest.body).toEqual({ message: CommonMessages.unauthorized });
      const forged = await request(t.http).post(`/admin/tools/${action}`).field('storedMail', admin.email).field('storedToken', 'forged').expect(401);
      expect(forged.body).toEqual({ message: CommonMessages.sessionInvalid });
      const res = await withFile(form(`/admin/tools/${action}`, member).field('title', 'X').field('toolId', '1')).expect(403);
      expect(res.body).toEqual({ message: CommonMessages.forbidden });
      expect(await toolCount()).toBe(before);
      expect(await filesUnder(storageDir)).toEqual(files);
    });
  });

  describe('create', () => {
    it('creates a tool with its file and images in order, with a slug from the name', async () => {
      const res = await validCreate('Modèle de devis « Artisan »')
        .attach('images[]', samplePng(8, 8, [255, 0, 0]), 'premiere.png')
        .attach('images[]', SAMPLE_JPEG, 'seconde.jpg')
        .field('isFeatured', 'on')
        .expect(200);
      expect(res.body).toEqual({ message: CatalogueMessages.toolCreated, id: expect.any(Number), slug: 'modele-de-devis-artisan' });
      const tool = await sheet('modele-de-devis-artisan');
      expect(tool).toMatchObject({
        name: 'Modèle de devis « Artisan »', description: 'Un modèle de devis.\nPrêt à remplir.', goal: 'Chiffrer une prestation',
        people: 'Artisans et indépendants', duration: 1.5, difficulty: 'Moyen', isFeatured: true,
        type: { id: type.id, name: 'Modèle' }, category: { id: category.id, name: 'Gestion et finance' },
      });
      expect(tool.images).toHaveLength(2);
      const first = await request(t.http).get(new URL(tool.images[0].src).pathname).expect(200);
      const second = await request(t.http).get(new URL(tool.images[1].src).pathname).expect(200);
      expect([first.headers['content-type'], second.headers['content-type']]).toEqual(['image/png', 'image/jpeg']);

      const [row] = await t.dataSource.query(`SELECT file_key, file_name, file_mime, file_size FROM tool WHERE id = $1`, [res.body.id]);
      expect(row).toMatchObject({ file_name: 'devis.pdf', file_mime: 'application/pdf', file_size: SAMPLE_PDF.length });
      expect(row.file_key).toMatch(/^tools\/files\/[0-9a-f-]{36}\.pdf$/);
      expect(existsSync(join(storageDir, row.file_key))).toBe(true);
    });

    it('warns when the duration is missing, accepts a difficulty index and suffixes a taken slug', async () => {
      const res = await form('/admin/tools/create')
        .field('title', 'Modèle de devis « Artisan »').field('description', 'Autre version.').field('type', String(type.id))
        .field('category', String(category.id)).field('difficulty', '2')
        .attach('toolFile', SAMPLE_PDF, 'devis.pdf').expect(200);
      expect(res.body).toEqual({
        message: CatalogueMessages.toolCreated, warning: CatalogueMessages.warningDurationMissing, id: expect.any(Number), slug: 'modele-de-devis-artisan-2',
      });
      expect(await sheet(res.body.id)).toMatchObject({ difficulty: 'Complexe', duration: null, goal: null, people: null, isFeatured: false });
    });

    it('lists every missing required field of the create form', async () => {
      const before = await toolCount();
      const res = await form('/admin/tools/create').expect(400);
      expect(res.body).toEqual({
        errors: {
          title: [CatalogueMessages.fieldRequired('Titre')],
          description: [CatalogueMessages.fieldRequired('Description')],
          type: [CatalogueMessages.fieldRequired('Type d’outils')],
          category: [CatalogueMessages.fieldRequired('Sujet')],
          difficulty: [CatalogueMessages.fieldRequired('Difficulté')],
          toolFile: [CatalogueMessages.fileRequired],
        },
      });
      expect(await toolCount()).toBe(before);
    });

    it.each([
      ['a text file named .pdf', Buffer.from('Ceci est un simple texte, pas un PDF.'), 'faux.pdf', CatalogueMessages.fileTypeRefused],
      ['an ELF executable named .pdf', ELF, 'programme.pdf', CatalogueMessages.fileTypeRefused],
      ['a Windows executable named .pdf', MZ, 'setup.pdf', CatalogueMessages.fileTypeRefused],
      ['a Windows executable named .exe', MZ, 'setup.exe', CatalogueMessages.fileTypeRefused],
      ['a PDF named .docx', SAMPLE_PDF, 'rapport.docx', CatalogueMessages.fileExtensionMismatch],
      ['a plain zip named .docx', ZIP, 'archive.docx', CatalogueMessages.fileTypeRefused],
      ['an OLE file named .pdf', CFB, 'vieux.pdf', CatalogueMessages.fileTypeRefused],
      ['a binary file named .csv', Buffer.from([0x61, 0x3b, 0x00, 0x62]), 'donnees.csv', CatalogueMessages.fileTypeRefused],
      ['an empty file', Buffer.alloc(0), 'vide.pdf', CatalogueMessages.fileEmpty],
      ['a crafted 55-byte ASF file (the parser loop of file-type 16)', ASF_LOOP, 'boucle.pdf', CatalogueMessages.fileTypeRefused],
    ])('refuses %s by content, stores nothing', async (_label, body, name, message) => {
      const before = await toolCount();
      const files = await filesUnder(storageDir);
      const res = await form('/admin/tools/create')
        .field('title', 'Fichier douteux').field('description', 'D.').field('type', String(type.id))
        .field('category', String(category.id)).field('difficulty', 'Simple').field('duration', '1')
        .attach('toolFile', body, name).expect(400);
      expect(res.body).toEqual({ errors: { toolFile: [message] } });
      expect(await toolCount()).toBe(before);
      expect(await filesUnder(storageDir)).toEqual(files);
    });

    it.each([
      ['xlsx', async () => sampleXlsx(), 'checklist.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['docx', async () => sampleDocx(), 'modele.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['doc (OLE)', async () => CFB, 'ancien.doc', 'application/msword'],
      ['xls (OLE)', async () => CFB, 'ancien.xls', 'application/vnd.ms-excel'],
      ['csv in UTF-8', async () => Buffer.from('Étape;Responsable\nDevis;Léa\n'), 'suivi.csv', 'text/csv; charset=utf-8'],
      ['csv in Windows-1252', async () => Buffer.from('Etape;R\xe9f\xe9rent\r\n', 'latin1'), 'excel.csv', 'text/csv; charset=utf-8'],
      ['png', async () => samplePng(), 'schema.png', 'image/png'],
      ['jpeg named .jpeg', async () => SAMPLE_JPEG, 'photo.jpeg', 'image/jpeg'],
    ])('accepts a %s tool file', async (_label, make, name, mime) => {
      const res = await form('/admin/tools/create')
        .field('title', `Format ${name}`).field('description', 'D.').field('type', String(type.id))
        .field('category', String(category.id)).field('difficulty', 'Simple').field('duration', '0')
        // docs/product/rules.md#R942: an image file comes with its description.
        .field('fileAlt', mime.startsWith('image/') ? 'Le schéma du parcours client.' : '')
        .attach('toolFile', await make(), name).expect(200);
      const [row] = await t.dataSource.query(`SELECT file_mime FROM tool WHERE id = $1`, [res.body.id]);
      expect(row.file_mime).toBe(mime);
    });

    it('refuses a macro-enabled Office file', async () => {
      const docm = Buffer.concat([await sampleDocx(), Buffer.from('word/vbaProject.bin')]);
      const res = await form('/admin/tools/create')
        .field('title', 'Macro').field('description', 'D.').field('type', String(type.id)).field('category', String(category.id))
        .field('difficulty', 'Simple').attach('toolFile', docm, 'macro.docx').expect(400);
      expect(res.body.errors.toolFile).toEqual([CatalogueMessages.fileMacrosRefused]);
    });

    it('checks every field and image, in French, and changes nothing', async () => {
      const before = await toolCount();
      const files = await filesUnder(storageDir);
      const res = await form('/admin/tools/create')
        .field('title', 'x'.repeat(161)).field('description', 'ok').field('type', '999999').field('category', 'abc')
        .field('difficulty', 'Facile').field('duration', '-2').field('isFeatured', 'peut-être').field('goal', 'a\u0000b')
        .attach('toolFile', SAMPLE_PDF, 'ok.pdf')
        .attach('images[]', Buffer.from('<svg/>'), 'logo.png')
        .expect(400);
      expect(res.body).toEqual({
        errors: {
          title: [CatalogueMessages.fieldTooLong('Titre', 160)],
          type: [CatalogueMessages.typeUnknown],
          category: [CatalogueMessages.categoryUnknown],
          difficulty: [CatalogueMessages.difficultyInvalid],
          goal: [CatalogueMessages.fieldInvalidText('Objectif')],
          duration: [CatalogueMessages.durationInvalid],
          isFeatured: [CatalogueMessages.isFeaturedInvalid],
          images: [CatalogueMessages.imageTypeRefused],
        },
      });
      expect(await toolCount()).toBe(before);
      expect(await filesUnder(storageDir)).toEqual(files);
    });

    it('refuses more than 10 images', async () => {
      let req = validCreate('Trop d’images');
      for (let i = 0; i < 11; i += 1) req = req.attach('images[]', samplePng(), `i${i}.png`);
      expect((await req.expect(400)).body.errors.images).toEqual([CatalogueMessages.tooManyImages(10)]);
    });

    it('removes the files it wrote when the database transaction fails', async () => {
      const files = await filesUnder(storageDir);
      await t.dataSource.query(`CREATE OR REPLACE FUNCTION outils_test_fail_tool() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'insert refused'; END $$ LANGUAGE plpgsql`);
      await t.dataSource.query(`CREATE TRIGGER outils_test_fail_tool BEFORE INSERT ON tool_image FOR EACH ROW EXECUTE FUNCTION outils_test_fail_tool()`);
      try {
        const res = await validCreate('Transaction ratée').attach('images[]', samplePng(), 'a.png');
        expect(res.status).toBe(500);
      } finally {
        await t.dataSource.query(`DROP TRIGGER outils_test_fail_tool ON tool_image`);
        await t.dataSource.query(`DROP FUNCTION outils_test_fail_tool()`);
      }
      expect(await filesUnder(storageDir)).toEqual(files);
      expect(await t.dataSource.query(`SELECT id FROM tool WHERE name = 'Transaction ratée'`)).toEqual([]);
    });
  });

  describe('update', () => {
    let tool: TestTool;
    beforeEach(async () => {
      tool = await createTestTool(t, { name: 'Tableau de trésorerie', slug: `tableau-de-tresorerie-${Date.now()}`, images: 3, categoryId: category.id, typeId: type.id });
    });

    it('renames: new slug, the former one redirects, with a warning', async () => {
      const res = await form('/admin/tools/update')
        .field('toolId', String(tool.id)).field('title', 'Plan de trésorerie sur 12 mois').field('description', 'Nouvelle description.')
        .field('images[]', tool.imageIds[0]).field('images[]', tool.imageIds[1]).field('images[]', tool.imageIds[2])
        .expect(200);
      expect(res.body).toEqual({
        message: CatalogueMessages.toolUpdated, id: tool.id, slug: 'plan-de-tresorerie-sur-12-mois',
        warning: CatalogueMessages.warningSlugChanged('plan-de-tresorerie-sur-12-mois'),
      });
      expect((await request(t.http).get(`/tools/${tool.slug}`).expect(200)).body).toEqual({ url: '/toolspage/plan-de-tresorerie-sur-12-mois' });
      const updated = await sheet('plan-de-tresorerie-sur-12-mois');
      // Fields not sent keep their value.
      expect(updated).toMatchObject({ description: 'Nouvelle description.', difficulty: 'Simple', duration: 1.5, goal: 'Tester' });
      expect(updated.images.map((i) => i.id)).toEqual(tool.imageIds);

      // Renaming back gives the old slug back to the tool; the other one now redirects.
      await form('/admin/tools/update').field('toolId', String(tool.id)).field('title', 'Plan de trésorerie sur 12 mois (v2)')
        .field('description', 'D.').expect(200);
      expect((await request(t.http).get('/tools/plan-de-tresorerie-sur-12-mois').expect(200)).body).toEqual({
        url: '/toolspage/plan-de-tresorerie-sur-12-mois-v2',
      });
      const history = await t.dataSource.query(`SELECT slug FROM tool_slug_history WHERE tool_id = $1 ORDER BY slug`, [tool.id]);
      expect(history.map((h: { slug: string }) => h.slug)).toEqual(['plan-de-tresorerie-sur-12-mois', tool.slug].sort());
    });

    it('keeps, drops, adds and reorders images; dropped files leave storage; foreign ids are ignored with a warning', async () => {
      const other = await createTestTool(t, { images: 1 });
      const res = await form('/admin/tools/update')
        .field('toolId', String(tool.id)).field('description', 'D.')
        .field('images[]', tool.imageIds[2]).field('images[]', `http://127.0.0.1:3999/tools/images/${tool.imageIds[0]}`)
        .field('images[]', other.imageIds[0])
        .attach('images[]', SAMPLE_JPEG, 'nouvelle.jpg')
        .field('imagesOrder', `${tool.imageIds[2]},new:0,${tool.imageIds[0]}`)
        .expect(200);
      expect(res.body.warning).toBe(CatalogueMessages.warningImagesIgnored(1));
      const images = (await sheet(tool.id)).images;
      expect(images).toHaveLength(3);
      expect([images[0].id, images[2].id]).toEqual([tool.imageIds[2], tool.imageIds[0]]);
      expect(tool.imageIds).not.toContain(images[1].id);
      expect(existsSync(join(storageDir, tool.imageKeys[1]))).toBe(false);
      expect(existsSync(join(storageDir, tool.imageKeys[0]))).toBe(true);
      // The other tool's image is untouched.
      expect((await sheet(other.id)).images.map((i) => i.id)).toEqual(other.imageIds);
    });

    it('without imagesOrder puts kept images first, then new files; no images[] removes them all', async () => {
      await form('/admin/tools/update').field('toolId', String(tool.id)).field('description', 'D.')
        .attach('images[]', samplePng(), 'n.png').field('images[]', tool.imageIds[1]).expect(200);
      const images = (await sheet(tool.id)).images;
      expect(images[0].id).toBe(tool.imageIds[1]);
      expect(images).toHaveLength(2);

      await form('/admin/tools/update').field('toolId', String(tool.id)).field('description', 'D.').expect(200);
      expect((await sheet(tool.id)).images).toEqual([]);
      for (const key of tool.imageKeys) expect(existsSync(join(storageDir, key))).toBe(false);
    });

    it('replaces the file as a new version; the old one stays in storage (R902) and the new one is downloaded', async () => {
      await form('/admin/tools/update').field('toolId', String(tool.id)).field('description', 'D.').field('versionNote', 'Format Excel.')
        .attach('toolFile', await sampleXlsx(), 'tresorerie.xlsx').expect(200);
      expect(existsSync(join(storageDir, tool.fileKey))).toBe(true);
      const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).expect(200);
      const file = await request(t.http).get(link.url.replace('http://127.0.0.1:3999', '')).expect(200);
      expect(file.headers['content-disposition']).toContain('filename="tableau-de-tresorerie.xlsx"');
    });

    it('clears optional fields sent empty and updates the others', async () => {
      await form('/admin/tools/update').field('toolId', String(tool.id)).field('description', 'D.')
        .field('goal', '').field('people', '').field('duration', '').field('difficulty', 'Complexe').field('isFeatured', 'true')
        .field('images[]', tool.imageIds[0]).expect(200);
      expect(await sheet(tool.id)).toMatchObject({ goal: null, people: null, duration: null, difficulty: 'Complexe', isFeatured: true });
    });

    it('refuses a required field sent empty, as creation does, changing nothing', async () => {
      const res = await form('/admin/tools/update').field('toolId', String(tool.id)).field('description', 'Nouvelle.')
        .field('title', '  ').field('type', '').field('category', '').field('difficulty', '').expect(400);
      expect(res.body).toEqual({
        errors: {
          title: [CatalogueMessages.fieldRequired('Titre')],
          type: [CatalogueMessages.fieldRequired('Type d’outils')],
          category: [CatalogueMessages.fieldRequired('Sujet')],
          difficulty: [CatalogueMessages.fieldRequired('Difficulté')],
        },
      });
      expect(await sheet(tool.id)).toMatchObject({ name: 'Tableau de trésorerie', description: 'Un outil pour les tests.\nSur deux lignes.', difficulty: 'Simple' });
    });

    it('shows the current file on the sheet to an admin only', async () => {
      const asAdmin = await request(t.http).get(`/tools/${tool.id}`).set({ userEmail: admin.email, userToken: admin.token }).expect(200);
      expect(asAdmin.body.tool.file).toEqual({ name: expect.any(String), type: 'application/pdf', size: expect.any(Number), alt: null, alternative: null });
      expect(asAdmin.body.tool.file.size).toBeGreaterThan(0);
      const asMember = await request(t.http).get(`/tools/${tool.id}`).set({ userEmail: member.email, userToken: member.token }).expect(200);
      expect(asMember.body.tool.file).toBeUndefined();
      expect((await request(t.http).get(`/tools/${tool.id}`).expect(200)).body.tool.file).toBeUndefined();
    });

    it('answers 404 for an unknown tool, 400 for a malformed id or a missing description, changing nothing', async () => {
      expect((await form('/admin/tools/update').field('toolId', '999999').field('description', 'D.').expect(404)).body)
        .toEqual({ message: CatalogueMessages.toolNotFound });
      for (const bad of ['abc', '0', '-3', '']) {
        expect((await form('/admin/tools/update').field('toolId', bad).field('description', 'D.').expect(400)).body)
          .toEqual({ errors: { toolId: [CatalogueMessages.invalidToolId] } });
      }
      const files = await filesUnder(storageDir);
      const res = await form('/admin/tools/update').field('toolId', String(tool.id)).field('title', 'Autre')
        .attach('toolFile', SAMPLE_PDF, 'x.pdf').expect(400);
      // Every problem at once: the missing description and the missing « Quoi de neuf ? » of the new file (R901).
      expect(res.body).toEqual({ errors: { description: [CatalogueMessages.fieldRequired('Description')], versionNote: [VersionMessages.noteRequired] } });
      expect((await sheet(tool.id)).name).toBe('Tableau de trésorerie');
      expect(await filesUnder(storageDir)).toEqual(files);
    });
  });

  describe('delete', () => {
    it('deletes the tool and its files, then answers 404', async () => {
      const tool = await createTestTool(t, { images: 2 });
      await t.dataSource.query(`INSERT INTO favorite (user_id, tool_id) VALUES ($1, $2)`, [member.user.id, tool.id]);
      const res = await form('/admin/tools/delete').field('toolId', String(tool.id)).expect(200);
      expect(res.body).toEqual({ status: 'deleted' });
      for (const key of [tool.fileKey, ...tool.imageKeys]) expect(existsSync(join(storageDir, key))).toBe(false);
      await request(t.http).get(`/tools/${tool.id}`).expect(404);
      expect((await form('/admin/tools/delete').field('toolId', String(tool.id)).expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });
    });

    it('accepts JSON and urlencoded bodies too, and refuses malformed ids', async () => {
      const a = await createTestTool(t);
      await request(t.http).post('/admin/tools/delete').set(admin.headers).send({ toolId: a.id }).expect(200);
      const b = await createTestTool(t);
      await request(t.http).post('/admin/tools/delete').type('form').send({ storedMail: admin.email, storedToken: admin.token, toolId: String(b.id) }).expect(200);
      for (const toolId of ['abc', '1 OR 1=1', ['1', '2'], null]) {
        expect((await request(t.http).post('/admin/tools/delete').set(admin.headers).send({ toolId }).expect(400)).body)
          .toEqual({ errors: { toolId: [CatalogueMessages.invalidToolId] } });
      }
    });
  });
});
