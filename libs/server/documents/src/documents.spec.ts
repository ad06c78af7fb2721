import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { PNG } from 'pngjs';
import { countFilePages as countPages, DOCX_MIME, PDF_MIME, renderPdfFirstPage } from './index';
import { samplePdf } from './testing';

/** A real PDF whose first page has a blue band on top. */
const pdf = (pages: number) => samplePdf({ pages, firstPageBand: 200 });

const docx = (appXml?: string) =>
  Packer.toBuffer(
    new Document({ sections: [{ children: [new Paragraph('Bonjour')] }] }),
    false,
    appXml ? [{ path: 'docProps/app.xml', data: appXml }] : [],
  );

describe('documents', () => {
  let dir: string;
  const file = async (name: string, body: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, body);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outils-documents-'));
    // The first call loads pdfjs-dist, which jest compiles with SWC: on a cold transform cache and
    // a busy machine that alone can outlast a test's 5 s, so it is done here, with time of its own.
    await countPages(await file('warm-up.pdf', await pdf(1)), PDF_MIME);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('counts the pages of a PDF, and of a DOCX from its docProps/app.xml', async () => {
    expect(await countPages(await file('a.pdf', await pdf(3)), PDF_MIME)).toBe(3);
    const app = '<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>7</Pages></Properties>';
    expect(await countPages(await file('a.docx', await docx(app)), DOCX_MIME)).toBe(7);
  });

  it('answers null, never a guess, for a DOCX without a page count, a damaged file or another format', async () => {
    expect(await countPages(await file('b.docx', await docx()), DOCX_MIME)).toBeNull();
    expect(await countPages(await file('c.pdf', Buffer.from('%PDF-1.7 broken')), PDF_MIME)).toBeNull();
    const empty = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
    expect(await countPages(await file('e.pdf', Buffer.from(empty)), PDF_MIME)).toBeNull();
    expect(await countPages(await file('d.csv', Buffer.from('a;b\r\n')), 'text/csv; charset=utf-8')).toBeNull();
  });

  it('renders the first page of a PDF as a PNG of the asked width, in the page proportions', async () => {
    const page = await renderPdfFirstPage(await pdf(2), 300);
    expect(page.width).toBe(300);
    expect(page.height).toBe(Math.round((300 * 841.89) / 595.28));
    const png = PNG.sync.read(page.png);
    expect([png.width, png.height]).toEqual([page.width, page.height]);
    // The blue band drawn at the top of the page is in the image; the bottom stays white.
    const at = (x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3));
    expect(at(10, 10)).toEqual([0x1f, 0x5c, 0x99]);
    expect(at(10, png.height - 10)).toEqual([255, 255, 255]);
  });
});
