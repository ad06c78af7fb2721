import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PdfAccessibilityFacts } from './accessibility/pdf-facts';
import type { PdfTask, PdfTaskResult, RenderedPage } from './pdf-engine';

/** What the isolated thread may take (docs/product/rules.md#R785). */
export interface PdfIsolation {
  /** V8 heap of the thread (old and young generations, MB). */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Wall-clock time of one inspection, thread start included. */
  timeoutMs: number;
}

export const DEFAULT_PDF_ISOLATION: PdfIsolation = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, timeoutMs: 20_000 };

export type PdfLimitReason = 'page-size' | 'memory' | 'time' | 'crash';

/** The French note the admin reads on the failed job (the queue dashboard), by reason. */
const NOTES: Record<PdfLimitReason, string> = {
  'page-size': 'sa première page mesure plus de 5,08 m de côté (la limite du format PDF)',
  memory: 'le dessiner demandait plus de mémoire que permis',
  time: 'le lire prenait plus de temps que permis',
  crash: 'sa lecture s’est arrêtée en erreur',
};

/** A PDF the isolated reader gave up on: its job fails, the others go on. */
export class HostilePdfError extends Error {
  constructor(readonly reason: PdfLimitReason) {
    super(
      `Aperçu et nombre de pages impossibles pour ce PDF : ${NOTES[reason]}. Le fichier reste téléchargeable ; ` +
        'déposez une version allégée (pages de taille normale, images moins grandes) pour obtenir un aperçu.',
    );
    this.name = 'HostilePdfError';
  }
}

export interface PdfFacts {
  /** Null when not asked, or when the PDF could not be read. */
  pages: number | null;
  /** Null when not asked, or when the page could not be drawn (a damaged file). */
  page: RenderedPage | null;
  /** Null when not asked, or when the PDF could not be read (docs/product/rules.md#R930). */
  accessibility?: PdfAccessibilityFacts | null;
}

/** The reader's file: next to the running code (a program's bundle ships it as `pdf-engine.js`). */
function engineFile(): string {
  const file = join(__dirname, 'pdf-engine.js');
  if (!existsSync(file)) throw new Error(`The PDF reader is missing: ${file}`);
  return file;
}

/**
 * Reads a PDF in a thread of its own (docs/product/rules.md#R785): a bounded heap, a wall-clock
 * limit after which the thread is stopped, pdf.js told to leave out images over 16 megapixels and
 * to draw on canvases of 64 MB at most, and a preview canvas bounded whatever the page says. A
 * damaged PDF gives no facts, as before; one beyond the limits throws `HostilePdfError`. Nothing
 * of it can stop the calling thread or exhaust its memory.
 */
export function inspectPdfIsolated(
  data: Uint8Array,
  want: { pages: boolean; preview: boolean; accessibility?: boolean },
  isolation = DEFAULT_PDF_ISOLATION,
): Promise<PdfFacts> {
  const task: PdfTask = { data, pages: want.pages, preview: want.preview, accessibility: want.accessibility };
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(engineFile(), {
      workerData: { outilsPdfTask: task },
      resourceLimits: { maxOldGenerationSizeMb: isolation.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: isolation.maxYoungGenerationSizeMb, stackSizeMb: 4 },
    });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new HostilePdfError('time'))), isolation.timeoutMs);
    worker.on('message', (result: PdfTaskResult) =>
      settle(() => {
        if (result.outcome === 'limit') return reject(new HostilePdfError(result.reason));
        if (result.outcome === 'unreadable') return resolve({ pages: result.pages, page: null, ...(want.accessibility ? { accessibility: result.accessibility } : {}) });
        const page = result.page ? { ...result.page, png: Buffer.from(result.page.png) } : null;
        resolve({ pages: result.pages, page, ...(want.accessibility ? { accessibility: result.accessibility } : {}) });
      }),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(new HostilePdfError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash'))),
    );
    worker.on('exit', () => settle(() => reject(new HostilePdfError('crash'))));
  });
}
