import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  ApiRoutes, CatalogueMessages, DOWNLOAD_LINK_PROBLEM_PARAM, DownloadLinkProblem, DownloadResponse, PARTNER_ATTRIBUTION_PARAM, WebRoutes,
} from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkSigner } from '@outils/server-signing';
import { StorageObjectNotFoundError, StoragePort } from '@outils/server-storage';
import { MessageError, NotFoundError } from '../../common/errors/domain-error';
import { FileReply } from '../../common/http/file-reply';
import type { AuthUser } from '../../common/auth/auth-user';
import { baseSlug } from '../../common/text/slug';
import { parseId } from '../../common/validation/patterns';
import { linkId, newNonce, signDownload, verifyDownload } from './download-link';
import { DownloadsRepository } from './downloads.repository';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import type { DownloadExclusion } from '../../common/http/download-exclusion';

/** The file name offered to the browser: the tool's name, slugified, and the stored extension. */
export function downloadFileName(toolName: string, storageKey: string): string {
  const base = baseSlug(toolName).slice(0, 100).replace(/-+$/, '');
  const ext = /\.([a-z0-9]{2,5})$/.exec(storageKey)?.[1];
  return ext ? `${base}.${ext}` : base;
}

/**
 * A signed link that cannot serve its file: the JSON answer for programs, and what a person who
 * opened it in a browser is sent to instead (the tool's sheet, which explains and offers a new link).
 */
export class BrokenDownloadLink extends MessageError {
  constructor(status: HttpStatus, message: string, readonly problem: DownloadLinkProblem, readonly toolId: number | null) {
    super(status, message);
  }
}

/**
 * Downloads: `/tools/download` hands out a signed, expiring link; `/tools/file` checks it,
 * counts the download (counter + log row in one transaction) and streams the file. The count
 * happens at `/tools/file`, the moment the file is actually served (docs/catalogue.md).
 */
@Injectable()
export class DownloadsService {
  constructor(
    private readonly downloads: DownloadsRepository,
    private readonly storage: StoragePort,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signer: LinkSigner,
  ) {}

  /**
   * `attribution`: a partner's signed attribution, passed on unchanged beside the signed fields (it is
   * signed itself) so that the file's fetch can credit the partner (docs/product/rules.md#R997).
   */
  async createLink(toolId: number, caller: AuthUser | undefined, now = new Date(), attribution?: unknown, alternative = false): Promise<DownloadResponse> {
    const tool = await this.downloads.findFile(toolId, caller?.id ?? null);
    if (!tool) throw new NotFoundError(CatalogueMessages.toolNotFound);
    // docs/product/rules.md#R946: the accessible version goes through the same signed link, marked.
    if (alternative && !(await this.downloads.findAlternativeFile(toolId, caller?.id ?? null))) throw new NotFoundError(CatalogueMessages.alternativeNotFound);
    const url = this.signedUrl(toolId, tool.version_number, caller?.id, now, alternative);
    const carried = typeof attribution === 'string' && attribution.length <= 200 ? `&${PARTNER_ATTRIBUTION_PARAM}=${encodeURIComponent(attribution)}` : '';
    return { url: `${url}${carried}` };
  }

  /**
   * A link to one version of a tool's file, issued for that version (docs/product/rules.md#R904):
   * the current one for everyone, an earlier one for an admin (docs/product/rules.md#R902).
   */
  signedUrl(toolId: number, version: number, userId: string | undefined, now = new Date(), alternative = false): string {
    const expires = Math.floor(now.getTime() / 1000) + this.config.downloads.ttlSeconds;
    const params = signDownload(this.signer, { toolId, expires, userId, nonce: newNonce(), version, ...(alternative ? { alternative: true as const } : {}) });
    return `${this.config.urls.api}${ApiRoutes.toolFile}?${params.toString()}`;
  }

  /**
   * `exclusion`: a `HEAD` or a robot, logged but not counted (docs/product/rules.md#R670); `null` for
   * a download a person made, counted unless the link was already used. `recorded`: told the
   * fetch's outcome once it is committed (a partner's credit, docs/product/rules.md#R997).
   */
  async openSignedFile(
    query: Record<string, unknown>,
    options: { exclusion: Exclude<DownloadExclusion, 'repeat'> | null; recorded?: (toolId: number, outcome: 'counted' | 'excluded' | 'repeat') => Promise<unknown> },
    now = new Date(),
  ): Promise<FileReply> {
    const check = verifyDownload(this.signer, query, Math.floor(now.getTime() / 1000));
    if (!check.ok) {
      // The tool id of a refused link only chooses which sheet to show; it grants nothing.
      const toolId = parseId(query.toolId);
      if (check.reason === 'expired') throw new BrokenDownloadLink(HttpStatus.GONE, CatalogueMessages.downloadLinkInvalid, 'expire', toolId);
      throw new BrokenDownloadLink(HttpStatus.FORBIDDEN, CatalogueMessages.downloadLinkInvalid, 'invalide', toolId);
    }
    const { toolId, userId, version, alternative } = check.grant;
    const tool = alternative
      ? await this.downloads.findAlternativeFile(toolId, userId ?? null)
      : version === undefined
        ? await this.downloads.findFile(toolId, userId ?? null)
        : await this.downloads.findVersionFile(toolId, version, userId ?? null);
    if (!tool) {
      // An alternative removed since the link was made: the sheet explains, like a missing file.
      if (alternative) throw new BrokenDownloadLink(HttpStatus.NOT_FOUND, CatalogueMessages.alternativeNotFound, 'indisponible', toolId);
      throw new BrokenDownloadLink(HttpStatus.NOT_FOUND, CatalogueMessages.toolNotFound, 'introuvable', check.grant.toolId);
    }

    let object;
    try {
      object = await this.storage.get(tool.file_key);
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) {
        throw new BrokenDownloadLink(HttpStatus.NOT_FOUND, CatalogueMessages.fileMissing, 'indisponible', tool.id);
      }
      throw error;
    }
    // docs/product/rules.md#R946: the accessible version is a download of the tool, counted, logged and credited like its file.
    try {
      const outcome = await this.transactions.run((tx) => this.downloads.record(tx, tool.id, userId ?? null, linkId(query), options.exclusion, tool.version_number));
      if (outcome === 'missing') throw new NotFoundError(CatalogueMessages.toolNotFound);
      await options.recorded?.(tool.id, outcome);
    } catch (error) {
      object.stream.destroy();
      throw error;
    }
    return new FileReply(object.stream, {
      contentType: tool.file_mime,
      fileName: downloadFileName(alternative ? `${tool.name} version accessible` : tool.name, tool.file_key),
      length: object.size ?? tool.file_size,
      caching: 'private',
    });
  }

  /** The web page for a broken link: the tool's sheet (by slug when it still exists) with the problem. */
  async pageForBrokenLink(link: BrokenDownloadLink): Promise<string> {
    const tool = link.toolId === null ? null : await this.downloads.findFile(link.toolId, null);
    const path = tool ? WebRoutes.toolBySlug(tool.slug) : link.toolId !== null ? WebRoutes.toolById(link.toolId) : WebRoutes.tools;
    return `${this.config.urls.web}${path}?${DOWNLOAD_LINK_PROBLEM_PARAM}=${link.problem}`;
  }
}
