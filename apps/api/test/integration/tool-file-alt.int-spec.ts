import request from 'supertest';
import { CatalogueMessages } from '@outils/contracts';
import { createCategory, createToolType, NamedRow, SAMPLE_PDF, samplePng } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { adminToolUpload } from '../support/admin-tool-upload';
import { useTestApp } from '../support/suite-app';

/**
 * docs/product/rules.md#R942: an image tool file (JPG, PNG) comes with its description, which the
 * accessibility check reads; a kept image cannot lose it, and a new description is checked again.
 */
describe('catalogue: the description of an image tool file (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let category: NamedRow;
  let type: NamedRow;

  beforeAll(async () => {
    category = await createCategory(t.dataSource, 'Communication');
    type = await createToolType(t.dataSource, 'Infographie');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  });

  const { form, creation, create } = adminToolUpload(() => t.http, () => ({ admin, typeId: type.id, categoryId: category.id }));
  const adminSheet = async (id: number) =>
    (await request(t.http).get(`/tools/${id}`).set({ userEmail: admin.email, userToken: admin.token }).expect(200)).body.tool;
  const checkJobs = async (id: number): Promise<number> =>
    Number((await t.dataSource.query(`SELECT count(*) AS n FROM outbox_message WHERE job_name = 'check-document-accessibility' AND (payload->>'toolId')::int = $1`, [id]))[0].n);
  const toolCount = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM tool`))[0].n);

  it('refuses an image file without its description, with every other problem of the form, and stores nothing', async () => {
    const before = await toolCount();
    const res = await creation('Infographie sans description').attach('toolFile', samplePng(32, 32), 'infographie.png').expect(400);
    expect(res.body.errors).toEqual({ fileAlt: [CatalogueMessages.fileAltRequired] });
    const blank = await creation('Infographie décrite de blancs', { fileAlt: '   ' }).attach('toolFile', samplePng(32, 32), 'infographie.png').expect(400);
    expect(blank.body.errors.fileAlt).toEqual([CatalogueMessages.fileAltRequired]);
    expect(await toolCount()).toBe(before);
    // A PDF needs none.
    expect(await create('Guide en PDF', SAMPLE_PDF, 'guide.pdf')).toEqual(expect.any(Number));
  });

  it('keeps the description, shows it to the admin, refuses to empty it, and checks the file again when it changes', async () => {
    const id = await create('Infographie des sauvegardes', samplePng(32, 32), 'sauvegardes.png', { fileAlt: 'Trois copies, deux supports, une hors site.' });
    expect((await adminSheet(id)).file).toMatchObject({ type: 'image/png', alt: 'Trois copies, deux supports, une hors site.' });
    expect(await checkJobs(id)).toBe(1);

    const emptied = await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.').field('fileAlt', '').expect(400);
    expect(emptied.body.errors).toEqual({ fileAlt: [CatalogueMessages.fileAltRequired] });
    expect((await adminSheet(id)).file.alt).toBe('Trois copies, deux supports, une hors site.');

    // A save that does not send it keeps it and checks nothing again.
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un autre texte.').expect(200);
    expect(await checkJobs(id)).toBe(1);

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un autre texte.')
      .field('fileAlt', 'La règle 3-2-1 des sauvegardes en une image.').expect(200);
    expect((await adminSheet(id)).file.alt).toBe('La règle 3-2-1 des sauvegardes en une image.');
    expect(await checkJobs(id)).toBe(2);
  });

  it('refuses a description over 1 000 characters', async () => {
    const res = await creation('Infographie bavarde', { fileAlt: 'x'.repeat(1001) }).attach('toolFile', samplePng(32, 32), 'bavarde.png').expect(400);
    expect(res.body.errors.fileAlt).toEqual([CatalogueMessages.fieldTooLong('Description de l’image', 1000)]);
  });
});
