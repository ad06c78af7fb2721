import ExcelJS from 'exceljs';
import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, Textbox } from 'docx';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';

/** A small opaque PNG, for images inside documents. */
export function tinyPng(size = 8): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data.fill(0x80);
  return PNG.sync.write(png);
}

function pdf(build: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    build(doc);
    doc.end();
  });
}

/**
 * What makes pdfkit write a tagged PDF/UA document with a language and its title shown. Its
 * typings know only the PDF/A subsets; pdfkit itself knows `PDF/UA` (it writes `pdfuaid:part`).
 */
export const TAGGED_PDF_OPTIONS = (title: string): PDFKit.PDFDocumentOptions =>
  ({ tagged: true, lang: 'fr-FR', displayTitle: true, pdfVersion: '1.7', subset: 'PDF/UA', info: { Title: title } }) as unknown as PDFKit.PDFDocumentOptions;

/**
 * A PDF tagged as PDF/UA (pdfkit): language, title shown, a heading, a paragraph, a figure with or
 * without alternative text, a table with or without header cells, optionally untagged text.
 */
export function taggedPdf(options: { figureAlt?: string | null; tableHeader?: boolean; strayText?: boolean } = {}): Promise<Buffer> {
  return pdf(
    (doc) => {
      const section = doc.struct('Sect');
      doc.addStructure(section);
      section.add(doc.struct('H1', {}, () => doc.fontSize(18).text('Plan de trésorerie')));
      section.add(doc.struct('P', {}, () => doc.fontSize(12).text('Un modèle pour suivre les entrées et les sorties.')));
      const figureAlt = options.figureAlt === undefined ? 'Courbe de trésorerie sur douze mois' : options.figureAlt;
      section.add(doc.struct('Figure', figureAlt ? { alt: figureAlt } : {}, () => doc.image(tinyPng(), 72, 200, { width: 40 })));
      const table = doc.struct('Table');
      section.add(table);
      const row = doc.struct('TR');
      table.add(row);
      row.add(doc.struct(options.tableHeader === false ? 'TD' : 'TH', {}, () => doc.text('Mois', 72, 300)));
      row.add(doc.struct('TD', {}, () => doc.text('Janvier', 200, 300)));
      section.end();
      if (options.strayText) doc.text('Texte hors structure', 72, 400);
    },
    TAGGED_PDF_OPTIONS('Plan de trésorerie'),
  );
}

/** An untagged PDF with real text (pdfkit's default). */
export const untaggedPdf = () => pdf((doc) => doc.text('Un modèle sans balises.'), {});

/** A « scanned » PDF: one image, no text at all. */
export const scannedPdf = () => pdf((doc) => doc.image(tinyPng(64), 0, 0, { width: doc.page.width }), {});

export interface DocxOptions {
  language?: boolean;
  title?: boolean;
  headings?: boolean;
  imageAlt?: string | null;
  tableHeader?: boolean;
  onlyTextBox?: boolean;
}

/** A Word document (the `docx` package) with each accessibility feature on or off. */
export function sampleDocx(options: DocxOptions = {}): Promise<Buffer> {
  const o = { language: true, title: true, headings: true, imageAlt: 'Logo de l’entreprise', tableHeader: true, onlyTextBox: false, ...options };
  const children: Array<Paragraph | Table | Textbox> = [];
  if (o.onlyTextBox) {
    children.push(new Textbox({ style: { width: '200pt', height: '50pt' }, children: [new Paragraph('Tout le texte est ici.')] }));
  } else {
    children.push(o.headings ? new Paragraph({ text: 'Contrat de prestation', heading: HeadingLevel.HEADING_1 }) : new Paragraph({ text: 'Contrat de prestation', alignment: AlignmentType.CENTER }));
    children.push(new Paragraph('Entre les soussignés.'), new Paragraph('Il est convenu ce qui suit.'));
    children.push(
      new Paragraph({
        children: [new ImageRun({ type: 'png', data: tinyPng(), transformation: { width: 20, height: 20 }, ...(o.imageAlt ? { altText: { name: 'logo', description: o.imageAlt, title: o.imageAlt } } : { altText: { name: 'logo', description: '', title: '' } }) })],
      }),
    );
    children.push(
      new Table({
        rows: [
          new TableRow({ tableHeader: o.tableHeader, children: [new TableCell({ children: [new Paragraph('Prestation')] }), new TableCell({ children: [new Paragraph('Prix')] })] }),
          new TableRow({ children: [new TableCell({ children: [new Paragraph('Conseil')] }), new TableCell({ children: [new Paragraph('100 €')] })] }),
        ],
      }),
    );
  }
  return Packer.toBuffer(
    new Document({
      ...(o.title ? { title: 'Contrat de prestation' } : {}),
      ...(o.language ? { styles: { default: { document: { run: { language: { value: 'fr-FR' } } } } } } : {}),
      sections: [{ children }],
    }),
  );
}

/** An Excel workbook: sheet named or not, header row or not. */
export async function sampleXlsx(options: { sheetName?: string; header?: boolean; title?: string } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Budget');
  if (options.title) sheet.addRow([options.title]);
  if (options.header !== false) sheet.addRow(['Poste', 'Montant']);
  sheet.addRow(['Loyer', 800]);
  sheet.addRow(['Assurance', 45]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `pdf` grown to `bytes` by an incremental update adding one unreferenced stream of filler: the
 * same document, as heavy as asked (a 50 MB upload made on the fly, never a committed blob).
 */
export function paddedPdf(pdf: Buffer, bytes: number): Buffer {
  const text = pdf.toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text)?.[1];
  const info = /\/Info (\d+ \d+ R)/.exec(text)?.[1];
  if (!prev || !size || !root) throw new Error('paddedPdf: a classic cross-reference table is expected');
  const head = (length: number) => Buffer.from(`\n${size} 0 obj\n<< /Length ${length} >>\nstream\n`, 'latin1');
  const tail = (objectAt: number, xrefAt: number) =>
    Buffer.from(
      `\nendstream\nendobj\nxref\n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root}${info ? ` /Info ${info}` : ''} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    );
  const fixed = pdf.length + head(0).length + 16 + tail(0, 0).length + 20;
  const length = Math.max(0, bytes - fixed);
  const objectAt = pdf.length + 1;
  const xrefAt = pdf.length + head(length).length + length + '\nendstream\nendobj\n'.length;
  const out = Buffer.concat([pdf, head(length), Buffer.alloc(length, 0x20), tail(objectAt, xrefAt)]);
  return out;
}

/**
 * A hostile PDF: its catalogue holds arrays nested `depth` deep, which a reader following them
 * one call per level cannot finish within its stack (docs/product/rules.md#R933).
 */
export function nestedArraysPdf(depth = 200_000): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Bombe ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
