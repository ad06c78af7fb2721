import { dirname, join } from 'node:path';

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<PdfjsModule> | undefined;
/**
 * pdfjs-dist is ESM only (docs/dependencies.md#pdfjs-dist): loaded once with a dynamic import, which
 * the CommonJS bundle keeps as a real `import()`. Its legacy build is the one meant for Node.
 */
const pdfjs = (): Promise<PdfjsModule> => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The fonts every PDF reader knows (Helvetica, Times…), shipped by pdfjs-dist: no system font needed. */
const standardFontDataUrl = () => `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function open(data: Uint8Array) {
  const { getDocument } = await pdfjs();
  // A copy: pdfjs takes the buffer over. No system fonts, no network: only the bytes given. No
  // eval either: since 5.7 pdfjs-dist compiles no code from a PDF at all (its isEvalSupported
  // option went with that).
  return getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
  }).promise;
}

/** Pages of a PDF (docs/product/rules.md#R631); throws when the bytes are not a readable PDF. */
export async function pdfPageCount(data: Uint8Array): Promise<number> {
  const document = await open(data);
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

/** Width in pixels of a PDF preview: twice the width the sheet shows it at, for sharp screens. */
export const PREVIEW_WIDTH = 480;

export interface RenderedPage {
  /** PNG bytes. */
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The first page of a PDF as a PNG `width` pixels wide, on a white background
 * (docs/product/rules.md#R636). Rendered with pdfjs-dist on @napi-rs/canvas (Skia, prebuilt
 * binaries from the npm registry): no system package needed.
 */
export async function renderPdfFirstPage(data: Uint8Array, width = PREVIEW_WIDTH): Promise<RenderedPage> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const document = await open(data);
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / natural.width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return { png: await canvas.encode('png'), width: canvas.width, height: canvas.height };
  } finally {
    await document.destroy();
  }
}
