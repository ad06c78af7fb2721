import PDFDocument from 'pdfkit';

export interface SamplePdfOptions {
  pages: number;
  /** Height in points of a brand-blue band across the top of page 1 (what a rendered preview shows). */
  firstPageBand?: number;
  /** Text written on page 1, if any. */
  firstPageText?: string;
  /** Text of page n (n ≥ 2); `Page n` unless told. */
  pageText?: (n: number) => string;
}

/** A real A4 PDF (pdfkit, standard fonts) for tests that read, count or render one. */
export function samplePdf(options: SamplePdfOptions): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    if (options.firstPageBand) doc.rect(0, 0, doc.page.width, options.firstPageBand).fill('#1F5C99');
    if (options.firstPageText) doc.text(options.firstPageText);
    for (let n = 2; n <= options.pages; n += 1) doc.addPage().text(options.pageText?.(n) ?? `Page ${n}`);
    doc.end();
  });
}
export { nestedArraysPdf, paddedPdf, sampleDocx, sampleXlsx, scannedPdf, taggedPdf, tinyPng, untaggedPdf, type DocxOptions } from './accessibility-fixtures';
