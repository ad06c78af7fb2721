import { Document, Packer, Paragraph } from 'docx';
import { samplePdf } from '@outils/server-documents/testing';
import request from 'supertest';
import type { Tool } from '@outils/contracts';
import { createCategory, createToolType, NamedRow } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { adminToolUpload } from '../support/admin-tool-upload';
import { useTestApp } from '../support/suite-app';

/** A real PDF of `pages` pages. */
const pdfOf = (pages: number) => samplePdf({ pages, firstPageText: 'Page 1' });

/** A Word document whose docProps/app.xml says how many pages Word counted. */
const sampleDocx = (pages: number) =>
  Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Modèle de devis')] }] }), false, [{
    path: 'docProps/app.xml',
    data: `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>${pages}</Pages></Properties>`,
  }]);

describe('catalogue: what a download holds (docs/product/rules.md#R630–R637)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let category: NamedRow;
  let type: NamedRow;

  beforeAll(async () => {
    category = await createCategory(t.dataSource, 'Gestion et finance');
    type = await createToolType(t.dataSource, 'Modèle');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  });

  const { form, create } = adminToolUpload(() => t.http, () => ({ admin, typeId: type.id, categoryId: category.id }));
  const sheet = async (id: number): Promise<Tool> => (await request(t.http).get(`/tools/${id}`).expect(200)).body.tool;
  const previewJobs = async (toolId: number) =>
    (await t.dataSource.query(`SELECT payload FROM outbox_message WHERE job_name = 'inspect-tool-file' AND (payload->>'toolId')::int = $1`, [toolId]))
      .map((r: { payload: unknown }) => r.payload);

  it('tells the format, size and pages of an uploaded PDF, and queues its preview in the same save', async () => {
    const pdf = await pdfOf(3);
    const id = await create('Plan de trésorerie', pdf, 'tresorerie.pdf');
    const tool = await sheet(id);
    expect(tool.download).toEqual({ format: 'pdf', size: pdf.length, pages: 3, updatedAt: null, version: 1, versionNote: null });
    expect(tool.preview).toBeNull();
    const [{ file_key }] = await t.dataSource.query(`SELECT file_key FROM tool WHERE id = $1`, [id]);
    expect(await previewJobs(id)).toEqual([{ toolId: id, fileKey: file_key }]);
    // The listing's cards carry the same facts.
    const listed = (await request(t.http).get('/api/tools').expect(200)).body.tools.find((x: Tool) => x.id === id);
    expect(listed.download).toEqual(tool.download);
  });

  it('reads the pages of a DOCX from its document properties, and queues no preview for it', async () => {
    const docx = await sampleDocx(7);
    const id = await create('Modèle de contrat', docx, 'contrat.docx');
    expect((await sheet(id)).download).toEqual({ format: 'word', size: docx.length, pages: 7, updatedAt: null, version: 1, versionNote: null });
    expect(await previewJobs(id)).toEqual([]);
  });

  it('dates a replaced file, counts its pages again and drops the former preview', async () => {
    const id = await create('Checklist d’ouverture', await pdfOf(1), 'checklist.pdf');
    await t.dataSource.query(
      `UPDATE tool SET created_at = now() - interval '3 days', preview_key = 'tools/previews/00000000-0000-4000-8000-000000000001.png',
              preview_width = 480, preview_height = 679 WHERE id = $1`,
      [id],
    );
    expect((await sheet(id)).preview).toEqual({ src: expect.stringMatching(/\/tools\/previews\/00000000-0000-4000-8000-000000000001$/), width: 480, height: 679 });
    // A change that keeps the file keeps its facts and its preview.
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Autre description.').expect(200);
    expect((await sheet(id)).download.updatedAt).toBeNull();

    const before = Date.now();
    const replacement = await pdfOf(5);
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Nouvelle version.')
      .field('versionNote', 'Cinq pages.').attach('toolFile', replacement, 'checklist-v2.pdf').expect(200);
    const tool = await sheet(id);
    expect(tool.download).toMatchObject({ format: 'pdf', size: replacement.length, pages: 5, version: 2, versionNote: 'Cinq pages.' });
    expect(new Date(tool.download.updatedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(tool.preview).toBeNull();
    expect(await previewJobs(id)).toHaveLength(2);
  });

  it('answers 404 in French for a preview that no tool has, and for a malformed id', async () => {
    const unknown = await request(t.http).get('/tools/previews/00000000-0000-4000-8000-00000000dead').expect(404);
    expect(unknown.body).toEqual({ message: 'Cet aperçu est introuvable.' });
    await request(t.http).get('/tools/previews/..%2F..%2Fetc').expect(404);
  });
});
