import { DEFAULT_PDF_ISOLATION } from '../pdf-isolated';
import { checkDocumentAccessibility, type AccessibilityReport } from './index';
import { sampleDocx, sampleXlsx, scannedPdf, taggedPdf, tinyPng, untaggedPdf } from '../testing/accessibility-fixtures';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Criterion id → status, the whole report in one comparable object. */
const statuses = (report: AccessibilityReport) => Object.fromEntries(report.criteria.map((c) => [c.id, c.status]));
const failed = (report: AccessibilityReport, id: string) => report.criteria.find((c) => c.id === id)!;

/** docs/product/rules.md#R930–R933: each fixture gives exactly the expected criteria. */
describe('document accessibility check', () => {
  it('passes a tagged PDF/UA PDF with language, title, heading, figure alt and table header', async () => {
    const report = await checkDocumentAccessibility(await taggedPdf(), PDF);
    expect(statuses(report)).toEqual({
      'pdf-tagged': 'passed', 'pdf-language': 'passed', 'pdf-title': 'passed', 'pdf-text': 'passed', 'pdf-headings': 'passed',
      'pdf-figures': 'passed', 'pdf-tables': 'passed', 'pdf-reading-order': 'passed', 'pdf-ua': 'passed',
    });
    expect(report.outcome).toBe('accessible');
    expect(report.criteria.every((c) => c.fix === null && c.where.length === 0)).toBe(true);
  }, 60_000);

  it('says where a tagged PDF fails: a figure without alt, a table without header, text outside the structure', async () => {
    const report = await checkDocumentAccessibility(await taggedPdf({ figureAlt: null, tableHeader: false, strayText: true }), PDF);
    expect(report.outcome).toBe('partial');
    expect(failed(report, 'pdf-figures')).toMatchObject({ status: 'failed', where: ['image 1 (page 1)'], reference: 'PDF/UA-1 § 7.3 ; RGAA 1.1' });
    expect(failed(report, 'pdf-tables')).toMatchObject({ status: 'failed', where: ['tableau 1 (page 1)'] });
    expect(failed(report, 'pdf-reading-order')).toMatchObject({ status: 'failed', where: ['page 1'] });
    expect(failed(report, 'pdf-figures').fix).toMatch(/Texte de remplacement/);
    expect(statuses(report)['pdf-tagged']).toBe('passed');
  }, 60_000);

  it('fails an untagged PDF on structure, language, title and PDF/UA, and cannot tell its figures or tables', async () => {
    expect(statuses(await checkDocumentAccessibility(await untaggedPdf(), PDF))).toEqual({
      'pdf-tagged': 'failed', 'pdf-language': 'failed', 'pdf-title': 'failed', 'pdf-text': 'passed', 'pdf-headings': 'failed',
      'pdf-figures': 'not-applicable', 'pdf-tables': 'not-applicable', 'pdf-reading-order': 'failed', 'pdf-ua': 'failed',
    });
  }, 60_000);

  it('fails a scanned PDF (an image without text) on real text', async () => {
    const report = await checkDocumentAccessibility(await scannedPdf(), PDF);
    expect(failed(report, 'pdf-text')).toMatchObject({ status: 'failed', where: ['tout le document'] });
    expect(failed(report, 'pdf-text').fix).toMatch(/Reconnaître le texte/);
    expect(statuses(report)['pdf-headings']).toBe('not-applicable');
  }, 60_000);

  it('fails a hostile or damaged PDF on its own readability only, within the time and memory bounds', async () => {
    const timedOut = await checkDocumentAccessibility(await taggedPdf(), PDF, { isolation: { ...DEFAULT_PDF_ISOLATION, timeoutMs: 1 } });
    expect(timedOut).toMatchObject({ outcome: 'partial', criteria: [{ id: 'readable', status: 'failed', where: ['sa lecture prenait plus de temps que permis'] }] });
    const damaged = await checkDocumentAccessibility(Buffer.from('%PDF-1.7\nrien de lisible'), PDF);
    expect(damaged.criteria).toEqual([expect.objectContaining({ id: 'readable', status: 'failed' })]);
    // The next file is checked as usual.
    expect((await checkDocumentAccessibility(await taggedPdf(), PDF)).outcome).toBe('accessible');
  }, 60_000);

  it('passes a Word document with language, title, headings, image alt, table header', async () => {
    const report = await checkDocumentAccessibility(await sampleDocx(), DOCX);
    expect(statuses(report)).toEqual({
      'docx-language': 'passed', 'docx-title': 'passed', 'docx-headings': 'passed', 'docx-images': 'passed', 'docx-tables': 'passed', 'docx-text-boxes': 'not-applicable',
    });
    expect(report.outcome).toBe('accessible');
  });

  it('fails a Word document without language, title, headings, image alt nor table header, saying where', async () => {
    const report = await checkDocumentAccessibility(await sampleDocx({ language: false, title: false, headings: false, imageAlt: null, tableHeader: false }), DOCX);
    expect(statuses(report)).toEqual({
      'docx-language': 'failed', 'docx-title': 'failed', 'docx-headings': 'failed', 'docx-images': 'failed', 'docx-tables': 'failed', 'docx-text-boxes': 'not-applicable',
    });
    expect(failed(report, 'docx-images').where).toEqual(['image 1 (« logo »)']);
    expect(failed(report, 'docx-tables').where).toEqual(['tableau 1']);
  });

  it('fails a Word document whose text is only in a text box', async () => {
    expect(statuses(await checkDocumentAccessibility(await sampleDocx({ onlyTextBox: true }), DOCX))['docx-text-boxes']).toBe('failed');
  });

  it('checks workbooks: sheet names and header row', async () => {
    expect(statuses(await checkDocumentAccessibility(await sampleXlsx(), XLSX))).toEqual({ 'sheet-names': 'passed', 'sheet-header-row': 'passed' });
    const bad = await checkDocumentAccessibility(await sampleXlsx({ sheetName: 'Feuil1', header: false }), XLSX);
    expect(statuses(bad)).toEqual({ 'sheet-names': 'failed', 'sheet-header-row': 'failed' });
    expect(failed(bad, 'sheet-names').where).toEqual(['feuille « Feuil1 »']);
    expect(failed(bad, 'sheet-header-row').where).toEqual(['feuille « Feuil1 », ligne 1']);
    // A one-cell title above the table is allowed: the first row of two cells or more is judged.
    expect(statuses(await checkDocumentAccessibility(await sampleXlsx({ title: 'Budget 2026' }), XLSX))).toEqual({ 'sheet-names': 'passed', 'sheet-header-row': 'passed' });
  });

  it('checks a CSV header row, images, damaged zips and unchecked formats', async () => {
    expect(statuses(await checkDocumentAccessibility(Buffer.from('\uFEFFPoste;Montant\nLoyer;800\n'), 'text/csv; charset=utf-8'))).toEqual({ 'csv-header-row': 'passed' });
    expect(statuses(await checkDocumentAccessibility(Buffer.from('Loyer;800\nAssurance;45\n'), 'text/csv'))).toEqual({ 'csv-header-row': 'failed' });
    expect(statuses(await checkDocumentAccessibility(tinyPng(), 'image/png'))).toEqual({ 'image-alt': 'failed' });
    expect(statuses(await checkDocumentAccessibility(tinyPng(), 'image/png', { imageAlt: 'Schéma du processus de vente' }))).toEqual({ 'image-alt': 'passed' });
    expect(statuses(await checkDocumentAccessibility(Buffer.from('PK\u0003\u0004pas un zip'), DOCX))).toEqual({ readable: 'failed' });
    expect(await checkDocumentAccessibility(Buffer.from('x'), 'application/msword')).toEqual({ format: null, outcome: 'unchecked', criteria: [] });
  });
});
