import { Injectable } from '@nestjs/common';
import { AdminToolVersionsResponse, AdminVersionRestoreResult, CatalogueMessages, VersionMessages } from '@outils/contracts';
import { checkedFormat, PDF_MIME } from '@outils/server-documents';
import { BadRequestError, NotFoundError } from '../../../common/errors/domain-error';
import { TransactionRunner } from '../../../common/persistence/transaction-runner';
import { OutboxService } from '../../../infrastructure/outbox/outbox.service';
import { DownloadsService } from '../../downloads/downloads.service';
import { CatalogueChangesRepository } from '../../tools/read-model/catalogue-changes.repository';
import { ToolsRepository } from '../../tools/tools.repository';
import { AdminToolsRepository } from '../admin-tools.repository';
import { ToolVersionsRepository, VersionRow } from './tool-versions.repository';

/** The admin's side of versions (docs/product/rules.md#R902, #R903): the list, an earlier file, a restore. */
@Injectable()
export class ToolVersionsService {
  constructor(
    private readonly versions: ToolVersionsRepository,
    private readonly tools: AdminToolsRepository,
    private readonly catalogue: ToolsRepository,
    private readonly transactions: TransactionRunner,
    private readonly changes: CatalogueChangesRepository,
    private readonly outbox: OutboxService,
    private readonly downloads: DownloadsService,
  ) {}

  async list(toolId: number): Promise<AdminToolVersionsResponse> {
    if (!(await this.catalogue.exists(toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const rows = await this.versions.list(toolId);
    return {
      toolId,
      versions: rows.map((row) => ({
        number: row.number,
        date: new Date(row.created_at).toISOString(),
        note: row.note,
        restoredFrom: row.restored_from,
        isMinor: row.is_minor,
        isCurrent: row.is_current,
        file: { name: row.file_name, type: row.file_mime, size: row.file_size, pages: row.file_pages },
        downloads: row.downloads,
      })),
    };
  }

  /** A signed link to any version's file, issued for that version (docs/product/rules.md#R904). */
  async link(toolId: number, number: number, adminId: string): Promise<{ url: string }> {
    await this.find(toolId, number);
    return { url: this.downloads.signedUrl(toolId, number, adminId) };
  }

  /**
   * Makes an earlier version current again: a new version with that version's file and the note
   * « Retour à la version N. » (docs/product/rules.md#R903). Nothing is copied in storage.
   */
  async restore(toolId: number, number: number, minor: boolean): Promise<AdminVersionRestoreResult> {
    const added = await this.transactions.run(async (tx) => {
      if (!(await this.tools.lock(tx, toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
      const target = (await this.versions.list(toolId, tx)).find((v) => v.number === number);
      if (!target) throw new NotFoundError(VersionMessages.versionNotFound);
      if (target.is_current) throw new BadRequestError(VersionMessages.versionAlreadyCurrent);
      const next = await this.versions.add(tx, toolId, {
        file: { key: target.file_key, name: target.file_name, mime: target.file_mime, size: target.file_size, pages: target.file_pages },
        preview: target.preview_key ? { key: target.preview_key, width: target.preview_width, height: target.preview_height } : null,
        note: VersionMessages.restoredNote(number),
        minor,
        restoredFrom: number,
      });
      await this.versions.serveFileOf(tx, toolId, next);
      // A PDF whose preview was never rendered gets it now (docs/product/rules.md#R636).
      if (!target.preview_key && target.file_mime === PDF_MIME) {
        await this.outbox.enqueue(tx, { name: 'inspect-tool-file', data: { toolId, fileKey: target.file_key } });
      }
      // The restored file is checked again (its check left with the file that replaced it, docs/product/rules.md#R934).
      if (checkedFormat(target.file_mime)) await this.outbox.enqueue(tx, { name: 'check-document-accessibility', data: { toolId, fileKey: target.file_key } });
      return next;
    });
    await this.changes.committed({ kind: 'tools', ids: [toolId] });
    return { message: VersionMessages.restored(number, added), version: added };
  }

  private async find(toolId: number, number: number): Promise<VersionRow> {
    if (!(await this.catalogue.exists(toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const version = (await this.versions.list(toolId)).find((v) => v.number === number);
    if (!version) throw new NotFoundError(VersionMessages.versionNotFound);
    return version;
  }
}
