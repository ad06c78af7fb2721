export { countFilePages, countPages, DOCX_MIME, hasPages, PDF_MIME } from './page-count';
export { docxPageCount } from './docx';
export { PDF_LIMITS, pdfPageCount, PREVIEW_WIDTH, renderPdfFirstPage, type RenderedPage } from './pdf';
export { DEFAULT_PDF_ISOLATION, HostilePdfError, inspectPdfIsolated, type PdfFacts, type PdfIsolation, type PdfLimitReason } from './pdf-isolated';
export * from './accessibility';
