import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { DemoFormat, DemoTool } from './data';

export interface GeneratedFile {
  body: Buffer;
  ext: DemoFormat;
  mime: string;
}

const MIME: Record<DemoFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
};

const BRAND = '1F5C99';
const FOOTER = 'Outils — la bibliothèque gratuite pour digitaliser son activité soi-même';

/**
 * A real PDF (pdfkit, standard fonts: no font files needed) that opens in any reader. Tagged as
 * PDF/UA with its language and its title shown (docs/product/rules.md#R936): title and section
 * names are headings, the lines a list, the band and the footer artifacts. A tool marked
 * `inaccessible` gets the same pages untagged, as plain pdfkit writes them.
 */
function pdf(tool: DemoTool): Promise<Buffer> {
  const tagged = !tool.inaccessible;
  return new Promise((resolve, reject) => {
    const info = { Title: tool.name, Author: 'Outils', Subject: tool.goal };
    // pdfkit knows the PDF/UA subset (it writes `pdfuaid:part`); its typings know only PDF/A.
    const accessible = { tagged: true, lang: 'fr-FR', displayTitle: true, pdfVersion: '1.7', subset: 'PDF/UA' } as unknown as PDFKit.PDFDocumentOptions;
    const doc = new PDFDocument({ size: 'A4', margin: 56, info, ...(tagged ? accessible : {}) });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const root = tagged ? doc.struct('Document') : null;
    if (root) doc.addStructure(root);
    /** Content under a structure element (tagged), or as is. */
    const tag = (role: string, draw: () => void) => (root ? root.add(doc.struct(role, {}, draw)) : draw());
    const artifact = (draw: () => void) => {
      if (!tagged) return draw();
      doc.markContent('Artifact');
      draw();
      doc.endMarkedContent();
    };

    artifact(() => doc.rect(0, 0, doc.page.width, 110).fill(`#${BRAND}`));
    tag('H1', () => doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(22).text(tool.name, 56, 36, { width: doc.page.width - 112 }));
    tag('P', () => doc.font('Helvetica').fontSize(11).text(`${tool.type} · ${tool.category}`, 56, 84));
    doc.moveDown(3).fillColor('#222222');
    tag('H2', () => doc.font('Helvetica-Bold').fontSize(12).text('Objectif', 56, 140));
    tag('P', () => doc.font('Helvetica').fontSize(11).text(tool.goal).moveDown(0.6));
    tag('H2', () => doc.font('Helvetica-Bold').fontSize(12).text('Pour qui ?'));
    tag('P', () => doc.font('Helvetica').fontSize(11).text(tool.people).moveDown(0.6));
    tag('P', () => doc.text(tool.description).moveDown(1));
    for (const section of tool.sections) {
      tag('H2', () => doc.font('Helvetica-Bold').fontSize(14).fillColor(`#${BRAND}`).text(section.title).moveDown(0.4));
      doc.font('Helvetica').fontSize(11).fillColor('#222222');
      for (const item of section.items) {
        const y = doc.y;
        artifact(() => doc.rect(58, y + 1, 9, 9).lineWidth(0.8).stroke('#555555'));
        tag('P', () => doc.text(item, 76, y, { width: doc.page.width - 132 }));
        doc.moveDown(0.35);
      }
      doc.moveDown(0.8);
    }
    artifact(() => doc.fontSize(8).fillColor('#777777').text(FOOTER, 56, doc.page.height - 50, { lineBreak: false }));
    root?.end();
    doc.end();
  });
}

/** A real workbook: one row per item, with answer and comment columns ready to fill. */
async function xlsx(tool: DemoTool): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Outils';
  workbook.title = tool.name;
  const sheet = workbook.addWorksheet(tool.type.slice(0, 31), { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.columns = [{ width: 28 }, { width: 70 }, { width: 16 }, { width: 40 }];
  sheet.mergeCells('A1:D1');
  sheet.getCell('A1').value = tool.name;
  sheet.getCell('A1').font = { bold: true, size: 16, color: { argb: `FF${BRAND}` } };
  sheet.getCell('A2').value = tool.goal;
  const header = sheet.getRow(3);
  header.values = ['Thème', 'Élément', tool.type === 'Diagnostic' ? 'Note (0 à 4)' : 'Valeur / statut', 'Commentaire'];
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => (cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${BRAND}` } }));
  let row = 4;
  for (const section of tool.sections) {
    for (const item of section.items) {
      sheet.getRow(row).values = [section.title, item, '', ''];
      sheet.getCell(`C${row}`).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF4C2' } };
      row += 1;
    }
  }
  sheet.getCell(`B${row + 1}`).value = 'Total';
  sheet.getCell(`B${row + 1}`).font = { bold: true };
  sheet.getCell(`C${row + 1}`).value = { formula: `SUM(C4:C${row - 1})` };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * docProps/app.xml as Word writes it, with the page count (docs/product/rules.md#R631): the docx
 * library leaves it empty, and each section of the demo documents starts a page, so the count is known.
 */
const appProperties = (pages: number) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ' +
  'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
  `<Application>Outils</Application><Pages>${pages}</Pages></Properties>`;

/** A real Word document: title, goal, audience, description, then one page per section. */
async function docx(tool: DemoTool): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ text: tool.name, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: `${tool.type} · ${tool.category}`, italics: true, color: BRAND })] }),
    new Paragraph({ children: [new TextRun({ text: 'Objectif : ', bold: true }), new TextRun(tool.goal)] }),
    new Paragraph({ children: [new TextRun({ text: 'Pour qui ? ', bold: true }), new TextRun(tool.people)] }),
    ...tool.description.split('\n').map((line) => new Paragraph({ text: line })),
  ];
  for (const section of tool.sections) {
    children.push(new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_1, pageBreakBefore: true }));
    for (const item of section.items) children.push(new Paragraph({ text: item, bullet: { level: 0 } }));
  }
  children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: FOOTER, size: 16, color: '777777' })] }));
  // docs/product/rules.md#R936: language and title set, except for a tool left inaccessible on purpose.
  const document = tool.inaccessible
    ? new Document({ creator: 'Outils', sections: [{ children }] })
    : new Document({ creator: 'Outils', title: tool.name, styles: { default: { document: { run: { language: { value: 'fr-FR' } } } } }, sections: [{ children }] });
  return Packer.toBuffer(document, false, [{ path: 'docProps/app.xml', data: appProperties(1 + tool.sections.length) }]);
}

/** CSV the way French spreadsheets read it: UTF-8 with BOM, semicolons, CRLF. */
function csv(tool: DemoTool): Buffer {
  const quote = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [['Thème', 'Élément', 'Statut', 'Commentaire'].join(';')];
  for (const section of tool.sections) {
    for (const item of section.items) lines.push([section.title, item, '', ''].map(quote).join(';'));
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

export async function generateToolFile(tool: DemoTool): Promise<GeneratedFile> {
  const body =
    tool.format === 'pdf' ? await pdf(tool)
    : tool.format === 'xlsx' ? await xlsx(tool)
    : tool.format === 'docx' ? await docx(tool)
    : csv(tool);
  return { body, ext: tool.format, mime: MIME[tool.format] };
}
