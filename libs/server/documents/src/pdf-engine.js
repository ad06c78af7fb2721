'use strict';
// The PDF reading of Outils (docs/product/rules.md#R631, #R636, #R785), in plain CommonJS so that
// the same file runs in the calling thread (bundled into the program) and, on its own, as the
// isolated thread of the worker (`pdf-isolated.ts` starts it with `new Worker(<this file>)`).
const { dirname, join } = require('node:path');
const { isMainThread, parentPort, workerData } = require('node:worker_threads');
const { readAccessibilityFacts } = require('./accessibility/pdf-facts.js');

/** Bounds of what a PDF may make the reader allocate (docs/product/rules.md#R785). */
const PDF_LIMITS = Object.freeze({
  /** Pixels of one decoded image: larger images are left out of the drawing. */
  maxImagePixels: 4096 * 4096,
  /** Bytes of one canvas pdf.js draws on by itself (patterns, masks, groups). */
  canvasMaxAreaInBytes: 64 * 1024 * 1024,
  /** A page side longer than this (PDF units, 1/72 inch: 5.08 m) is refused: the PDF format's own limit. */
  maxPageUnits: 14400,
  /** The preview's height at most, in times its width: a very tall page is cut, not drawn whole. */
  maxPreviewRatio: 4,
});

/** Width in pixels of a PDF preview: twice the width the sheet shows it at, for sharp screens. */
const PREVIEW_WIDTH = 480;

/** A PDF that asks for more than the reader allows: its own job fails, with this reason. */
class PdfLimitError extends Error {
  /** @param {'page-size'} reason */
  constructor(reason) {
    super(`PDF beyond the reader's limits: ${reason}`);
    this.reason = reason;
  }
}

let pdfjsModule;
/**
 * pdfjs-dist is ESM only (docs/dependencies.md#pdfjs-dist): loaded once with a dynamic import, which
 * the CommonJS bundle keeps as a real `import()`. Its legacy build is the one meant for Node.
 */
const pdfjs = () => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The fonts every PDF reader knows (Helvetica, Times…), shipped by pdfjs-dist: no system font needed. */
const standardFontDataUrl = () => `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** @param {Uint8Array} data */
async function open(data) {
  const { getDocument } = await pdfjs();
  // A copy: pdfjs takes the buffer over. No system fonts, no network: only the bytes given. No
  // eval either: since 5.7 pdfjs-dist compiles no code from a PDF at all.
  return getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
    maxImageSize: PDF_LIMITS.maxImagePixels,
    canvasMaxAreaInBytes: PDF_LIMITS.canvasMaxAreaInBytes,
  }).promise;
}

/** Pages of a PDF; throws when the bytes are not a readable PDF. @param {Uint8Array} data */
async function pdfPageCount(data) {
  const document = await open(data);
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

/**
 * The first page of a PDF as a PNG `width` pixels wide, on a white background, on a canvas whose
 * size is bounded whatever the page says (a page side over 5.08 m is refused; a very tall page
 * is cut at 4 times the width). Rendered with pdfjs-dist on @napi-rs/canvas.
 * @param {Uint8Array} data @param {number} [width]
 */
async function renderPdfFirstPage(data, width = PREVIEW_WIDTH) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const document = await open(data);
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    if (!(natural.width > 0 && natural.height > 0) || natural.width > PDF_LIMITS.maxPageUnits || natural.height > PDF_LIMITS.maxPageUnits) {
      throw new PdfLimitError('page-size');
    }
    const viewport = page.getViewport({ scale: width / natural.width });
    const canvasWidth = Math.max(1, Math.round(viewport.width));
    const canvasHeight = Math.max(1, Math.min(Math.round(viewport.height), width * PDF_LIMITS.maxPreviewRatio));
    const canvas = createCanvas(canvasWidth, canvasHeight);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return { png: await canvas.encode('png'), width: canvas.width, height: canvas.height };
  } finally {
    await document.destroy();
  }
}

/** What the PDF says about its accessibility (docs/product/rules.md#R930). @param {Uint8Array} data */
async function pdfAccessibilityFacts(data) {
  const document = await open(data);
  try {
    return await readAccessibilityFacts(document);
  } finally {
    await document.destroy();
  }
}

/**
 * One inspection, as the isolated thread runs it: the page count, the first page and/or the
 * accessibility facts. A PDF
 * that cannot be read or drawn is `unreadable` (as before: no count, no preview); one beyond the
 * limits is `limit`.
 * @param {{ data: Uint8Array, pages: boolean, preview: boolean, width?: number }} task
 */
async function inspectPdf(task) {
  let pages = null;
  let page = null;
  let accessibility = null;
  try {
    if (task.pages) pages = (await pdfPageCount(task.data)) || null;
    if (task.accessibility) accessibility = await pdfAccessibilityFacts(task.data);
    if (task.preview) page = await renderPdfFirstPage(task.data, task.width);
  } catch (error) {
    if (error instanceof PdfLimitError) return { outcome: 'limit', reason: error.reason };
    return { outcome: 'unreadable', pages, accessibility, message: String((error && error.message) || error) };
  }
  return { outcome: 'done', pages, page, accessibility };
}

// Started as the isolated thread: one task, one answer, then the thread ends.
if (!isMainThread && workerData && workerData.outilsPdfTask) {
  inspectPdf(workerData.outilsPdfTask).then(
    (result) => parentPort.postMessage(result),
    (error) => parentPort.postMessage({ outcome: 'unreadable', pages: null, message: String((error && error.message) || error) }),
  );
}

module.exports = { PDF_LIMITS, PREVIEW_WIDTH, PdfLimitError, pdfPageCount, renderPdfFirstPage, pdfAccessibilityFacts, inspectPdf };
