/** Types of `pdf-engine.js` (plain CommonJS: it also runs alone as the isolated thread). */
import type { PdfAccessibilityFacts } from './accessibility/pdf-facts';
export declare const PDF_LIMITS: Readonly<{ maxImagePixels: number; canvasMaxAreaInBytes: number; maxPageUnits: number; maxPreviewRatio: number }>;
export declare const PREVIEW_WIDTH: number;

export interface RenderedPage {
  /** PNG bytes. */
  png: Buffer;
  width: number;
  height: number;
}

export declare class PdfLimitError extends Error {
  readonly reason: 'page-size';
  constructor(reason: 'page-size');
}

export declare function pdfPageCount(data: Uint8Array): Promise<number>;
export declare function renderPdfFirstPage(data: Uint8Array, width?: number): Promise<RenderedPage>;

export interface PdfTask { data: Uint8Array; pages: boolean; preview: boolean; accessibility?: boolean; width?: number }
export declare function pdfAccessibilityFacts(data: Uint8Array): Promise<PdfAccessibilityFacts>;
export type PdfTaskResult =
  | { outcome: 'done'; pages: number | null; page: RenderedPage | null; accessibility: PdfAccessibilityFacts | null }
  | { outcome: 'unreadable'; pages: number | null; accessibility: PdfAccessibilityFacts | null; message: string }
  | { outcome: 'limit'; reason: 'page-size' };
export declare function inspectPdf(task: PdfTask): Promise<PdfTaskResult>;
