import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { MyDataExportLimits, MyDataExportResponse, MyDownloadsResponse, PersonalDataApiRoutes, PersonalDataMessages, WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkSigner } from '@outils/server-signing';
import { personalDataArchive, PersonalDataRepository } from '@outils/server-db/personal-data';
import { StorageObjectNotFoundError, StoragePort } from '@outils/server-storage';
import type { AuthUser } from '../../common/auth/auth-user';
import { MessageError } from '../../common/errors/domain-error';
import { FileReply } from '../../common/http/file-reply';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { OutboxService } from '../../infrastructure/outbox/outbox.service';
import { ExportLinks } from './export-link';
import { DataExportsRepository } from './my-data.repository';

const HOUR = 3600;

/** Budgets of the data export (docs/product/rules.md#R968): building a file reads the whole history. */
export const MyDataRateLimits = {
  export: { name: 'my-data-export', perAddress: { points: 10, durationSeconds: HOUR } },
  /** The file behind a signed link: far above a member fetching their own export again. */
  file: { name: 'my-data-file', perIp: { points: 30, durationSeconds: HOUR } },
} as const;

/**
 * 'Mes téléchargements' (docs/product/rules.md#R470) and 'Télécharger mes données'
 * (docs/product/rules.md#R968): a small history is built when its link is followed; a large one
 * is built by the worker, stored, and its link mailed (valid 24 hours).
 */
@Injectable()
export class MyDataService {
  private readonly links: ExportLinks;

  constructor(
    private readonly personalData: PersonalDataRepository,
    private readonly exports: DataExportsRepository,
    private readonly outbox: OutboxService,
    private readonly transactions: TransactionRunner,
    private readonly storage: StoragePort,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signer: LinkSigner,
  ) {
    this.links = new ExportLinks(signer);
  }

  async downloads(auth: AuthUser): Promise<MyDownloadsResponse> {
    const rows = await this.personalData.downloads(auth.id, MyDataExportLimits.historyMax);
    return { downloads: rows.map((r) => ({ downloadedAt: r.date, tool: r.outil ? { id: r.outil.id, slug: r.outil.slug, name: r.outil.nom } : null })) };
  }

  async requestExport(auth: AuthUser): Promise<MyDataExportResponse> {
    await this.rateLimits.consume(MyDataRateLimits.export, { address: auth.id });
    // Every kind of row counts, not only downloads (docs/product/rules.md#R968).
    const count = await this.personalData.countRows(auth.id);
    if (count <= MyDataExportLimits.atOnceMaxRows) {
      const expires = Math.floor(Date.now() / 1000) + MyDataExportLimits.atOnceLinkMinutes * 60;
      return { url: this.fileUrl({ userId: auth.id, exportId: null, expires }) };
    }
    const expiresAt = new Date(Date.now() + MyDataExportLimits.mailedLinkHours * HOUR * 1000);
    await this.transactions.run(async (tx) => {
      const row = await this.exports.create(tx, auth.id, expiresAt);
      const downloadUrl = this.fileUrl({ userId: auth.id, exportId: row.id, expires: Math.floor(expiresAt.getTime() / 1000) });
      await this.outbox.enqueue(tx, { name: 'build-data-export', data: { exportId: row.id, to: auth.email, downloadUrl } });
    });
    return { message: PersonalDataMessages.exportMailed };
  }

  /** `GET /api/user/export/file`: the file behind a signed link; 410 once expired or unknown. */
  async file(query: Record<string, unknown>): Promise<FileReply> {
    const check = this.links.check(query);
    const gone = new MessageError(410, PersonalDataMessages.exportLinkInvalid);
    if (!check.ok) throw check.reason === 'expired' ? gone : new MessageError(403, PersonalDataMessages.exportLinkInvalid);
    const { grant } = check;
    const zip = (body: Readable | Buffer) =>
      new FileReply(body, { contentType: 'application/zip', fileName: `outils-mes-donnees-${new Date().toISOString().slice(0, 10)}.zip`, caching: 'no-store' });
    if (grant.exportId) {
      const row = await this.exports.find(grant.exportId);
      if (!row || row.userId !== grant.userId || !row.readyAt || row.expiresAt.getTime() < Date.now()) throw gone;
      try {
        return zip((await this.storage.get(row.storageKey)).stream);
      } catch (error) {
        if (error instanceof StorageObjectNotFoundError) throw gone;
        throw error;
      }
    }
    // Streamed as its rows are read (docs/product/rules.md#R781); null when the account is gone.
    const body = await personalDataArchive(this.personalData, grant.userId, (slug) => `${this.config.urls.web}${WebRoutes.toolBySlug(slug)}`);
    if (!body) throw gone;
    return zip(body);
  }

  private fileUrl(grant: { userId: string; exportId: string | null; expires: number }): string {
    return `${this.config.urls.api}${PersonalDataApiRoutes.myDataExportFile}?${this.links.sign(grant).toString()}`;
  }
}
