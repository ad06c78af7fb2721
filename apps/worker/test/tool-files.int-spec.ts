import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import { samplePdf } from '@outils/server-documents/testing';
import { PNG } from 'pngjs';
import request from 'supertest';
import { HostilePdfError } from '@outils/server-documents';
import { Queues } from '@outils/server-jobs';
import { waitUntil } from '@outils/server-testing';
import { ToolFilesRepository } from '../src/files/tool-files.repository';
import { useApiAndWorker } from './support/api-and-worker';
import { useToolFilesUpload } from './support/tool-files-upload';

/** A real two-page PDF whose first page has a blue band on top. */
const twoPagePdf = () => samplePdf({ pages: 2, firstPageBand: 120, pageText: () => 'Deuxième page' });

/**
 * A hostile PDF, written by hand: a page of 1 000 000 × 1 000 000 units (about 350 km a side) that
 * draws an image declared 100 000 × 100 000 pixels (40 GB decoded) from a few kilobytes.
 */
function hostilePdf(): Buffer {
  const image = deflateSync(Buffer.alloc(1024 * 1024));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1000000 1000000] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
  ];
  const content = 'q 1000000 0 0 1000000 0 0 cm /Im1 Do Q';
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  const length = () => parts.reduce((n, b) => n + b.length, 0);
  objects.forEach((body, i) => {
    offsets.push(length());
    parts.push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length());
  parts.push(Buffer.from(`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
  offsets.push(length());
  parts.push(Buffer.from(`5 0 obj\n<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`));
  parts.push(image, Buffer.from('\nendstream\nendobj\n'));
  const xref = length();
  parts.push(Buffer.from(`xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  parts.push(Buffer.from(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/**
 * docs/product/rules.md#R636, #R637: a PDF saved through the API gets its first page rendered by the
 * worker (outbox → BullMQ `files` queue → storage), and the public route serves it; a tool that
 * existed before has its missing page count filled by the same job.
 */
describe('tool files: PDF previews and page counts by the worker (API + worker, real PostgreSQL and Redis)', () => {
  const stack = useApiAndWorker('files', { smtp: false });
  const { create, sheet } = useToolFilesUpload(stack);
  const jobsDone = async () =>
    Number((await stack.dataSource.query(`SELECT count(*)::int AS n FROM outbox_message WHERE job_name = 'inspect-tool-file' AND sent_at IS NULL`))[0].n) === 0;

  it('renders the first page of an uploaded PDF; the sheet shows it and the public route serves it, cacheable', async () => {
    const id = await create(`Plan de trésorerie ${Date.now().toString(36)}`, await twoPagePdf(), 'plan.pdf');
    await waitUntil(async () => (await sheet(id)).preview !== null);
    const tool = await sheet(id);
    expect(tool.download).toMatchObject({ format: 'pdf', pages: 2 });
    expect(tool.preview).toEqual({ src: expect.stringMatching(/\/tools\/previews\/[0-9a-f-]{36}$/), width: 480, height: 679 });

    const res = await request(stack.api.http).get(new URL(tool.preview!.src).pathname).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const png = PNG.sync.read(res.body as Buffer);
    expect([png.width, png.height]).toEqual([480, 679]);
    // The page's blue band is in the image.
    expect(Array.from(png.data.subarray(0, 3))).toEqual([0x1f, 0x5c, 0x99]);
    await waitUntil(jobsDone);
  });

  it('fills the missing page count of a tool that existed before, from the job its migration wrote', async () => {
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Contrat')] }] }), false, [{
      path: 'docProps/app.xml',
      data: '<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>4</Pages></Properties>',
    }]);
    const id = await create(`Contrat type ${Date.now().toString(36)}`, docx, 'contrat.docx');
    // As a tool saved before page counts existed: no count, then the job of the migration.
    await stack.api.dataSource.query(`UPDATE tool SET file_pages = NULL WHERE id = $1`, [id]);
    expect((await sheet(id)).download.pages).toBeNull();
    await stack.api.dataSource.query(
      `INSERT INTO outbox_message (job_name, payload) SELECT 'inspect-tool-file', jsonb_build_object('toolId', id, 'fileKey', file_key) FROM tool WHERE id = $1`,
      [id],
    );
    await waitUntil(async () => (await sheet(id)).download.pages === 4);
    await waitUntil(jobsDone);
    expect((await sheet(id)).preview).toBeNull();
  });

  it('fails the job of a hostile PDF alone, at once, with a French note for the admin; the next PDF gets its preview (R785)', async () => {
    const hostile = await create(`PDF piégé ${Date.now().toString(36)}`, hostilePdf(), 'piege.pdf');
    const rowOf = async (toolId: number) =>
      (await stack.dataSource.query(`SELECT sent_at, attempts, last_error FROM outbox_message WHERE job_name = 'inspect-tool-file' AND payload->>'toolId' = $1`, [String(toolId)]))[0];
    await waitUntil(async () => (await rowOf(hostile))?.sent_at !== null);
    const note = new HostilePdfError('page-size').message;
    expect(await rowOf(hostile)).toMatchObject({ attempts: 1, last_error: note });
    expect(note).toMatch(/^Aperçu et nombre de pages impossibles pour ce PDF : sa première page mesure plus de 5,08 m de côté/);
    // The admin reads it among the failed jobs of the files queue: one attempt, no retry.
    const queue = stack.worker.get<Queue>(getQueueToken(Queues.files), { strict: false });
    await waitUntil(async () => (await queue.getFailed()).some((job) => job.failedReason === note));
    const failed = (await queue.getFailed()).filter((job) => job.failedReason === note);
    expect(failed).toHaveLength(1);
    expect(failed[0].attemptsMade).toBe(1);
    expect((await sheet(hostile)).preview).toBeNull();

    // The stack.worker goes on: the next PDF is drawn.
    const next = await create(`Après le piège ${Date.now().toString(36)}`, await twoPagePdf(), 'suite.pdf');
    await waitUntil(async () => (await sheet(next)).preview !== null);
    expect((await sheet(next)).preview).toMatchObject({ width: 480, height: 679 });
  });

  it('records facts only for the tool\'s current file, and answers the preview it replaced (so storage drops it)', async () => {
    const id = await create(`Relevé ${Date.now().toString(36)}`, await twoPagePdf(), 'releve.pdf');
    await waitUntil(async () => (await sheet(id)).preview !== null);
    await waitUntil(jobsDone);
    const [{ file_key: fileKey, preview_key: before }] = await stack.dataSource.query(`SELECT file_key, preview_key FROM tool WHERE id = $1`, [id]);
    const files = stack.worker.get(ToolFilesRepository);
    const preview = { key: `tools/previews/essai-${Date.now()}.png`, width: 480, height: 679 };

    expect(await files.record(id, 'tools/files/remplace.pdf', { pages: 2, preview })).toEqual({ recorded: false, formerPreviewKey: null });
    expect((await stack.dataSource.query(`SELECT preview_key FROM tool WHERE id = $1`, [id]))[0].preview_key).toBe(before);

    expect(await files.record(id, fileKey, { pages: 2, preview })).toEqual({ recorded: true, formerPreviewKey: before });
    expect((await stack.dataSource.query(`SELECT preview_key FROM tool WHERE id = $1`, [id]))[0].preview_key).toBe(preview.key);
  });
});
