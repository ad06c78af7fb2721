import { Inject, Injectable, Logger } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { personalDataArchive, PersonalDataRepository } from '@outils/server-db/personal-data';
import { JobPayloads } from '@outils/server-jobs';
import { renderDataExportReadyMail } from '@outils/server-mail';
import { StoragePort } from '@outils/server-storage';
import { OutboxWork } from '../outbox/outbox-job-runner';
import { MailSender } from '../smtp/mail-sender';
import { DataExportsRepository } from './data-export.repository';

/**
 * `build-data-export` (docs/product/rules.md#R968): builds a large member's data file, stores it
 * and mails its link (valid 24 h). Idempotent like the mail handlers: a job run again finds its
 * outbox row sent (the runner's check); a run cut between the upload and the mail builds the file
 * again (same key).
 */
@Injectable()
export class DataExportHandler {
  private readonly logger = new Logger(DataExportHandler.name);

  constructor(
    private readonly exports: DataExportsRepository,
    private readonly personalData: PersonalDataRepository,
    private readonly storage: StoragePort,
    private readonly sender: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async build(data: JobPayloads['build-data-export'], outboxId: string): Promise<OutboxWork> {
    const exported = await this.exports.find(data.exportId);
    const archive = exported?.userId
      ? await personalDataArchive(this.personalData, exported.userId, (slug) => `${this.config.urls.web}${WebRoutes.toolBySlug(slug)}`)
      : null;
    // The account was deleted meanwhile: nothing to build, nothing to mail.
    if (!exported || !archive) return { outcome: 'gone', keep: { exportId: data.exportId } };
    await this.store(exported, archive);
    await this.sender.send(data.to, renderDataExportReadyMail({ downloadUrl: data.downloadUrl }));
    this.logger.log(`Data export ${data.exportId} built and mailed (outbox ${outboxId})`);
    // The link is a secret: it leaves the row once mailed.
    return { outcome: 'sent', keep: { exportId: data.exportId, to: data.to } };
  }

  /**
   * The ZIP goes to a temporary file as it is written, then to storage streamed (docs/product/rules.md#R781):
   * however long the history, the worker never holds it whole.
   */
  private async store(exported: { id: string; storageKey: string }, archive: NodeJS.ReadableStream): Promise<void> {
    await mkdir(this.config.uploads.tmpDir, { recursive: true });
    const local = join(this.config.uploads.tmpDir, `export-${exported.id}.zip`);
    try {
      await pipeline(archive, createWriteStream(local));
      await this.storage.putFile(exported.storageKey, local, 'application/zip');
      await this.exports.markReady(exported.id, (await stat(local)).size);
    } finally {
      await rm(local, { force: true });
    }
  }
}
