import { Injectable, Logger } from '@nestjs/common';
import { checkDocumentAccessibility } from '@outils/server-documents';
import { JobPayloads } from '@outils/server-jobs';
import { StoragePort } from '@outils/server-storage';
import { OutboxWork } from '../outbox/outbox-job-runner';
import { DocumentAccessibilityRepository } from './document-accessibility.repository';
import { ToolFilesRepository } from './tool-files.repository';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * `check-document-accessibility` (docs/product/rules.md#R934): reads the tool's stored file, checks
 * its accessibility (a PDF in the isolated thread, docs/product/rules.md#R785) and records the
 * report for that file. A file that cannot be read within the limits gets a report saying so —
 * its own check fails, the job succeeds and the next one runs. A job for a file the tool no
 * longer has records nothing.
 */
@Injectable()
export class CheckDocumentAccessibilityHandler {
  private readonly logger = new Logger(CheckDocumentAccessibilityHandler.name);

  constructor(
    private readonly files: ToolFilesRepository,
    private readonly checks: DocumentAccessibilityRepository,
    private readonly storage: StoragePort,
  ) {}

  async check(data: JobPayloads['check-document-accessibility'], outboxId: string): Promise<OutboxWork> {
    const tool = await this.files.find(data.toolId);
    // docs/product/rules.md#R947: the declared alternative is checked exactly like the main file.
    const alternative = data.target === 'alternative';
    const file = alternative ? { key: tool?.altFileKey, mime: tool?.altFileMime } : { key: tool?.fileKey, mime: tool?.fileMime };
    if (!tool || !file.key || !file.mime || file.key !== data.fileKey) return { outcome: 'gone' };
    const body = await readAll((await this.storage.get(file.key)).stream);
    // docs/product/rules.md#R942: an image file is judged on the description its admin gave.
    const report = await checkDocumentAccessibility(body, file.mime, { imageAlt: alternative ? null : tool.fileAlt });
    if (!(await this.checks.record(data.toolId, data.fileKey, report))) return { outcome: 'gone' };
    this.logger.log(`Tool ${data.toolId} file ${alternative ? 'alternative ' : ''}checked for accessibility: ${report.outcome} (outbox ${outboxId})`);
    return { outcome: report.outcome };
  }
}
