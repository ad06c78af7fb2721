import PDFDocument from 'pdfkit';
import { DEFAULT_PDF_ISOLATION, HostilePdfError, inspectPdfIsolated } from './pdf-isolated';

/** One page whose drawing is 2 million path operators: a few MB on disk, far more once parsed. */
function busyPdf(): Buffer {
  const content = '0 0 m 1 1 l S\n'.repeat(2_000_000);
  const head = '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj\n';
  return Buffer.from(`${head}4 0 obj << /Length ${content.length} >>\nstream\n${content}endstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

function pdf(pages: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let i = 1; i < pages; i += 1) doc.addPage().text(`Page ${i + 1}`);
    doc.end();
  });
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: unknown) => (error instanceof HostilePdfError ? error.reason : `other: ${String(error)}`),
  );

/** The isolated PDF reader (docs/product/rules.md#R785): a thread of its own, bounded in memory and time. */
describe('PDF read in an isolated thread', () => {
  it('counts the pages and draws the first one, as in the calling thread', async () => {
    const facts = await inspectPdfIsolated(await pdf(3), { pages: true, preview: true });
    expect(facts.pages).toBe(3);
    expect(facts.page).toMatchObject({ width: 480, height: 679 });
    expect(facts.page!.png.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('gives no facts for a damaged file, without failing', async () => {
    expect(await inspectPdfIsolated(Buffer.from('%PDF-1.7\nrien de lisible'), { pages: true, preview: true })).toEqual({ pages: null, page: null });
  }, 60_000);

  it('stops the thread past its time and past its memory: the caller gets the reason and goes on', async () => {
    const file = await pdf(1);
    expect(await reasonOf(inspectPdfIsolated(file, { pages: true, preview: true }, { ...DEFAULT_PDF_ISOLATION, timeoutMs: 1 }))).toBe('time');
    expect(await reasonOf(inspectPdfIsolated(busyPdf(), { pages: false, preview: true }, { ...DEFAULT_PDF_ISOLATION, maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 }))).toBe('memory');
    expect((await inspectPdfIsolated(file, { pages: true, preview: false })).pages).toBe(1);
  }, 60_000);
});
