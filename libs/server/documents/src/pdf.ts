/**
 * Pages and first page of a PDF (docs/product/rules.md#R631, #R636), read in the calling thread:
 * for files the product trusts (the demo seed's own, an admin's upload). The worker reads stored
 * files in an isolated thread instead (`pdf-isolated.ts`, docs/product/rules.md#R785). Both run
 * the one reader, `pdf-engine.js`.
 */
export { PDF_LIMITS, pdfPageCount, PREVIEW_WIDTH, renderPdfFirstPage, type RenderedPage } from './pdf-engine';
