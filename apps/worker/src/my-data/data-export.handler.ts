import { Inject, Injectable, Logger } from '@nestjs/common';
import { WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { buildPersonalDataArchive, PersonalDataRepository } from '@outils/server-db/personal-data';
import { JobPayloads, OutboxJob, OutboxRepository } from '@outils/server-jobs';
import { renderDataExportReadyMail } from '@outils/server-mail';
import { StoragePort } from '@outils/server-storage';
import { MailSender } from '../mail/mail-sender';
import { DataExportsRepository } from './data-export.repository';

export type DataExportOutcome = 'sent' | 'already-sent' | 'gone';

/**
 * `build-data-export` (docs/product/rules.md#R471): builds a large member's data file, stores it
 * and mails its link (valid 24 h). Idempotent like the mail handlers: a job run again finds its
 * outbox row sent; a run cut between the upload and the mail builds the file again (same key).
 */
@Injectable()
export class DataExportHandler {
  private readonly logger = new Logger(DataExportHandler.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly exports: DataExportsRepository,
    private readonly personalData: PersonalDataRepository,
    private readonly storage: StoragePort,
    private readonly sender: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(job: OutboxJob): Promise<DataExportOutcome> {
    const row = await this.outbox.findById(job.outboxId);
    if (!row) return 'gone';
    if (row.sentAt) return 'already-sent';
    const data = row.payload as unknown as JobPayloads['build-data-export'];
    try {
      const exported = await this.exports.find(data.exportId);
      const personal = exported?.userId ? await this.personalData.collect(exported.userId) : null;
      // The account was deleted meanwhile: nothing to build, nothing to mail.
      if (!exported || !personal) {
        await this.outbox.markSent(row.id, { exportId: data.exportId });
        return 'gone';
      }
      const archive = await buildPersonalDataArchive(personal, (slug) => `${this.config.urls.web}${WebRoutes.toolBySlug(slug)}`);
      await this.storage.put(exported.storageKey, archive, 'application/zip');
      await this.exports.markReady(exported.id, archive.length);
      await this.sender.send(data.to, renderDataExportReadyMail({ downloadUrl: data.downloadUrl }));
    } catch (error) {
      await this.outbox.recordFailure(row.id, (error as Error).message);
      throw error;
    }
    // The link is a secret: it leaves the row once mailed.
    await this.outbox.markSent(row.id, { exportId: data.exportId, to: data.to });
    this.logger.log(`Data export ${data.exportId} built and mailed (outbox ${row.id})`);
    return 'sent';
  }
}
