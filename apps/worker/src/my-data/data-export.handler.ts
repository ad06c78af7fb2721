import { Inject, Injectable, Logger } from '@nestjs/common';
import { WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { buildPersonalDataArchive, PersonalDataRepository } from '@outils/server-db/personal-data';
import { JobPayloads } from '@outils/server-jobs';
import { renderDataExportReadyMail } from '@outils/server-mail';
import { StoragePort } from '@outils/server-storage';
import { OutboxWork } from '../outbox/outbox-job-runner';
import { MailSender } from '../smtp/mail-sender';
import { DataExportsRepository } from './data-export.repository';

/**
 * `build-data-export` (docs/product/rules.md#R471): builds a large member's data file, stores it
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
    const personal = exported?.userId ? await this.personalData.collect(exported.userId) : null;
    // The account was deleted meanwhile: nothing to build, nothing to mail.
    if (!exported || !personal) return { outcome: 'gone', keep: { exportId: data.exportId } };
    const archive = await buildPersonalDataArchive(personal, (slug) => `${this.config.urls.web}${WebRoutes.toolBySlug(slug)}`);
    await this.storage.put(exported.storageKey, archive, 'application/zip');
    await this.exports.markReady(exported.id, archive.length);
    await this.sender.send(data.to, renderDataExportReadyMail({ downloadUrl: data.downloadUrl }));
    this.logger.log(`Data export ${data.exportId} built and mailed (outbox ${outboxId})`);
    // The link is a secret: it leaves the row once mailed.
    return { outcome: 'sent', keep: { exportId: data.exportId, to: data.to } };
  }
}
