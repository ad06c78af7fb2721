import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { countPages, hasPages, HostilePdfError, inspectPdfIsolated, PDF_MIME, type PdfFacts } from '@outils/server-documents';
import { JobPayloads } from '@outils/server-jobs';
import { StoragePort } from '@outils/server-storage';
import { OutboxWork } from '../outbox/outbox-job-runner';
import { ToolFilesRepository } from './tool-files.repository';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * `inspect-tool-file` (docs/product/rules.md#R636, docs/product/rules.md#R637): reads the tool's
 * stored file, fills its page count when missing and renders a PDF's first page into storage
 * (`tools/previews/<uuid>.png`). A job for a file the tool no longer has records nothing; a job
 * run again renders again and removes the preview it replaced. A PDF is read in an isolated
 * thread (docs/product/rules.md#R785): one beyond its limits fails this job only, at once and for
 * good, with a French note on the job and on its outbox row.
 */
@Injectable()
export class InspectToolFileHandler {
  private readonly logger = new Logger(InspectToolFileHandler.name);

  constructor(
    private readonly files: ToolFilesRepository,
    private readonly storage: StoragePort,
  ) {}

  async inspect(data: JobPayloads['inspect-tool-file'], outboxId: string): Promise<OutboxWork> {
    let previewKey: string | undefined;
    try {
      const tool = await this.files.find(data.toolId);
      if (!tool || tool.fileKey !== data.fileKey) return { outcome: 'gone' };
      const isPdf = tool.fileMime === PDF_MIME;
      const needsPages = tool.filePages === null && hasPages(tool.fileMime);
      if (!isPdf && !needsPages) return { outcome: 'inspected' };
      const body = await readAll((await this.storage.get(tool.fileKey)).stream);
      // A PDF that cannot be drawn (damaged, no page) stays so on every attempt: no preview, no retry.
      const facts: PdfFacts = isPdf
        ? await inspectPdfIsolated(body, { pages: needsPages, preview: true }).catch((error: Error) => this.refuse(data.toolId, error))
        : { pages: needsPages ? await countPages(body, tool.fileMime) : null, page: null };
      if (isPdf && !facts.page) this.logger.warn(`Tool ${data.toolId}: the first page of its PDF could not be rendered`);
      const { pages, page } = facts;
      let preview = null;
      if (page) {
        previewKey = `tools/previews/${randomUUID()}.png`;
        await this.storage.put(previewKey, page.png, 'image/png');
        preview = { key: previewKey, width: page.width, height: page.height };
      }
      const outcome = await this.files.record(data.toolId, data.fileKey, { pages, preview });
      if (!outcome.recorded && previewKey) await this.storage.delete(previewKey);
      else if (outcome.formerPreviewKey && previewKey && outcome.formerPreviewKey !== previewKey) await this.storage.delete(outcome.formerPreviewKey);
    } catch (error) {
      if (previewKey) await this.storage.delete(previewKey).catch(() => undefined);
      throw error;
    }
    this.logger.log(`Tool ${data.toolId} file inspected (outbox ${outboxId})`);
    return { outcome: 'inspected' };
  }

  /**
   * A PDF beyond the reader's limits (docs/product/rules.md#R785) fails for good: the runner
   * writes the note on the outbox row and marks it handled (never handed over again), and the job
   * fails at once without retries — the admin reads it among the failed jobs of the `files`
   * queue. Any other error is thrown as is.
   */
  private refuse(toolId: number, error: Error): never {
    if (!(error instanceof HostilePdfError)) throw error;
    this.logger.warn(`Tool ${toolId}: its PDF was not read (${error.reason})`);
    throw new UnrecoverableError(error.message);
  }
}
