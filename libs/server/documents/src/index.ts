export { countFilePages, countPages, DOCX_MIME, hasPages, PDF_MIME } from './page-count';
export { docxPageCount } from './docx';
export { pdfPageCount, PREVIEW_WIDTH, renderPdfFirstPage, type RenderedPage } from './pdf';
