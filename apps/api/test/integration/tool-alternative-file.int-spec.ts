import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { CatalogueMessages } from '@outils/contracts';
import { createCategory, createToolType, NamedRow, SAMPLE_PDF, samplePng } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { adminToolUpload } from '../support/admin-tool-upload';
import { useTestApp } from '../support/suite-app';

/**
 * docs/product/rules.md#R943, docs/product/rules.md#R947: an admin adds, replaces and removes a
 * tool's declared accessible alternative; each new one has its check queued in the save's
 * transaction, and a file of another type is refused with nothing changed.
 */
describe('catalogue: a declared accessible alternative (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let category: NamedRow;
  let type: NamedRow;

  beforeAll(async () => {
    category = await createCategory(t.dataSource, 'Gestion');
    type = await createToolType(t.dataSource, 'Modèle');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  });

  const { form, create } = adminToolUpload(() => t.http, () => ({ admin, typeId: type.id, categoryId: category.id }));
  const adminFile = async (id: number) =>
    (await request(t.http).get(`/tools/${id}`).set({ userEmail: admin.email, userToken: admin.token }).expect(200)).body.tool.file;
  const altJobs = async (id: number): Promise<string[]> =>
    (await t.dataSource.query(
      `SELECT payload->>'fileKey' AS key FROM outbox_message WHERE job_name = 'check-document-accessibility' AND payload->>'target' = 'alternative'
         AND (payload->>'toolId')::int = $1 ORDER BY created_at`, [id],
    )).map((r: { key: string }) => r.key);
  const altKey = async (id: number): Promise<string | null> => (await t.dataSource.query(`SELECT alt_file_key FROM tool WHERE id = $1`, [id]))[0].alt_file_key;

  it('stores the alternative with its own facts, queues its check, replaces it and removes it', async () => {
    const id = await create('Plan de trésorerie', SAMPLE_PDF, 'plan.pdf');
    expect((await adminFile(id)).alternative).toBeNull();

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.').attach('altFile', Buffer.from('Mois;Recettes;Dépenses\nJanvier;10;5\n'), 'plan.csv').expect(200);
    expect((await adminFile(id)).alternative).toEqual({ name: 'plan.csv', type: 'text/csv; charset=utf-8', size: 37, accessibility: null });
    const first = await altKey(id);
    expect(await altJobs(id)).toEqual([first]);

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.').attach('altFile', SAMPLE_PDF, 'plan-balise.pdf').expect(200);
    const second = await altKey(id);
    expect(second).not.toBe(first);
    expect((await adminFile(id)).alternative).toMatchObject({ name: 'plan-balise.pdf', type: 'application/pdf' });
    expect(await altJobs(id)).toEqual([first, second]);
    // The replaced alternative leaves storage after the commit.
    expect(existsSync(join(resolve(t.config.storage.dir), first!))).toBe(false);
    expect(existsSync(join(resolve(t.config.storage.dir), second!))).toBe(true);

    // A save that says nothing of it keeps it.
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un autre texte.').expect(200);
    expect(await altKey(id)).toBe(second);

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.').field('altFileRemove', 'true').expect(200);
    expect((await adminFile(id)).alternative).toBeNull();
  });

  it('refuses an image as alternative with a French 400 and changes nothing', async () => {
    const id = await create('Guide des sauvegardes', SAMPLE_PDF, 'guide.pdf');
    const res = await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Changé ?')
      .attach('altFile', samplePng(16, 16), 'guide.png').expect(400);
    expect(res.body.errors).toEqual({ altFile: [CatalogueMessages.altFileTypeRefused] });
    const faked = await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.').attach('altFile', Buffer.from('%PDF pas vraiment'), 'guide.docx').expect(400);
    expect(faked.body.errors.altFile).toHaveLength(1);
    expect(await altKey(id)).toBeNull();
    expect(await altJobs(id)).toEqual([]);
    expect((await t.dataSource.query(`SELECT description FROM tool WHERE id = $1`, [id]))[0].description).toBe('Un modèle.');
  });
});
