import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CatalogueMessages, DownloadResponse, FolderApiRoutes, FolderDeleteResponse, FolderDetail, FolderItem, FolderLimits,
  FolderMessages, FolderResponse, FoldersResponse, FolderSummary, KitsResponse, SharedFolderResponse, WebRoutes,
} from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkSigner } from '@outils/server-signing';
import { StorageObjectNotFoundError, StoragePort } from '@outils/server-storage';
import { BadRequestError, MessageError, NotFoundError } from '../../common/errors/domain-error';
import { FileReply } from '../../common/http/file-reply';
import type { AuthUser } from '../../common/auth/auth-user';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { UUID_EXACT } from '../../common/validation/patterns';
import { toTool } from '../tools/tool.mapper';
import { ToolsRepository } from '../tools/tools.repository';
import { newZipNonce, parseZipQuery, signZip, verifyZip, zipLinkId } from './folder-link';
import { buildFolderZip, FolderZip, ZipMissing, zipFileName, ZipTool } from './folder-zip';
import { FolderItemRow, FolderRow, FoldersRepository } from './folders.repository';
import type { CreateFolderDto, FolderTextDto } from './dto/folder.dto';

const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Download folders (docs/product/rules.md#R500–R549). A member only ever reaches their own
 * folders: another member's folder, or one that does not exist, is the same 404
 * (docs/product/rules.md#R503). Every refused change changes nothing.
 */
@Injectable()
export class FoldersService {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly transactions: TransactionRunner,
    private readonly tools: ToolsRepository,
    private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signer: LinkSigner,
  ) {}

  async list(caller: AuthUser): Promise<FoldersResponse> {
    return { folders: (await this.folders.listOwned(caller.id)).map(summary) };
  }

  async get(caller: AuthUser, folderId: string): Promise<FolderResponse> {
    return { folder: await this.detail(await this.owned(caller, folderId), caller) };
  }

  async create(caller: AuthUser, body: CreateFolderDto): Promise<FolderResponse> {
    const outcome = await this.transactions.run((tx) =>
      this.folders.create(tx, caller.id, body.name, body.description ?? null, body.toolId, FolderLimits.foldersPerMember));
    if (outcome === 'limit') throw new BadRequestError(FolderMessages.tooManyFolders);
    if (outcome === 'unknown-tool') throw new NotFoundError(CatalogueMessages.toolNotFound);
    return this.get(caller, outcome.id);
  }

  async update(caller: AuthUser, folderId: string, body: FolderTextDto): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    await this.folders.update(folder.id, body.name, body.description ?? null);
    return this.get(caller, folder.id);
  }

  async delete(caller: AuthUser, folderId: string): Promise<FolderDeleteResponse> {
    const folder = await this.owned(caller, folderId);
    await this.folders.delete(folder.id);
    return { success: true };
  }

  /** Idempotent: a tool already there stays where it is (docs/product/rules.md#R504). */
  async addTool(caller: AuthUser, folderId: string, toolId: number): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    const outcome = await this.transactions.run((tx) => this.folders.addTool(tx, folder.id, toolId, FolderLimits.toolsPerFolder));
    if (outcome === 'unknown-tool') throw new NotFoundError(CatalogueMessages.toolNotFound);
    if (outcome === 'full') throw new BadRequestError(FolderMessages.folderFull);
    return this.get(caller, folder.id);
  }

  /** `toolId` 0 removes the tools that were deleted from the catalogue. */
  async removeTool(caller: AuthUser, folderId: string, toolId: number): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    if (!(await this.transactions.run((tx) => this.folders.removeTool(tx, folder.id, toolId === 0 ? null : toolId)))) throw new NotFoundError(FolderMessages.toolNotInFolder);
    return this.get(caller, folder.id);
  }

  async reorder(caller: AuthUser, folderId: string, toolIds: number[]): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    if (!(await this.transactions.run((tx) => this.folders.reorder(tx, folder.id, toolIds)))) throw new BadRequestError(FolderMessages.invalidOrder);
    return this.get(caller, folder.id);
  }

  /** A folder already public keeps its link; sharing again after a revocation makes a new one. */
  async share(caller: AuthUser, folderId: string): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    if (!folder.share_token) await this.folders.setShareToken(folder.id, randomBytes(32).toString('base64url'));
    return this.get(caller, folder.id);
  }

  async unshare(caller: AuthUser, folderId: string): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    await this.folders.setShareToken(folder.id, null);
    return this.get(caller, folder.id);
  }

  /** Admins mark one of their public folders as a kit (docs/product/rules.md#R540). */
  async setKit(caller: AuthUser, folderId: string, isKit: boolean): Promise<FolderResponse> {
    const folder = await this.owned(caller, folderId);
    if (!(await this.folders.setKit(folder.id, isKit))) throw new BadRequestError(FolderMessages.kitNeedsShare);
    return this.get(caller, folder.id);
  }

  async kits(): Promise<KitsResponse> {
    const rows = await this.folders.listKits();
    return { kits: rows.map((r) => ({ name: r.name, description: r.description, shareToken: r.share_token, toolCount: r.tool_count })) };
  }

  async shared(token: string, caller: AuthUser | undefined): Promise<SharedFolderResponse> {
    const folder = await this.sharedFolder(token);
    const detail = await this.detail(folder, caller);
    return {
      folder: { name: detail.name, description: detail.description, isKit: detail.isKit, items: detail.items, totalSize: detail.totalSize, updatedAt: detail.updatedAt },
    };
  }

  async createZipLink(caller: AuthUser, folderId: string, now = new Date()): Promise<DownloadResponse> {
    const folder = await this.owned(caller, folderId);
    if (folder.tool_ids.length === 0) throw new BadRequestError(FolderMessages.folderEmpty);
    return { url: this.zipUrl(folder, caller.id, false, now) };
  }

  async createSharedZipLink(token: string, caller: AuthUser | undefined, now = new Date()): Promise<DownloadResponse> {
    const folder = await this.sharedFolder(token);
    if (folder.tool_ids.length === 0) throw new BadRequestError(FolderMessages.folderEmpty);
    return { url: this.zipUrl(folder, caller?.id, true, now) };
  }

  /**
   * Checks a ZIP link, counts one download per tool in it (docs/product/rules.md#R524) and
   * returns the ZIP to stream. A `HEAD` builds nothing and logs nothing; a robot's fetch is logged,
   * not counted (docs/product/rules.md#R670).
   */
  async openZip(query: Record<string, unknown>, options: { exclusion: 'bot' | 'head' | null }, now = new Date()): Promise<FileReply> {
    const parsed = parseZipQuery(query);
    const refused = () => new MessageError(HttpStatus.FORBIDDEN, FolderMessages.zipLinkInvalid);
    if (!parsed) throw refused();
    const folder = await this.folders.findById(parsed.grant.folderId);
    if (!folder) throw refused();
    if (!parsed.grant.shared && folder.user_id !== parsed.grant.userId) throw refused();
    const check = verifyZip(this.signer, parsed.grant, parsed.signature, folder.share_token, Math.floor(now.getTime() / 1000));
    if (check === 'invalid') throw refused();
    if (check === 'expired') throw new MessageError(HttpStatus.GONE, FolderMessages.zipLinkInvalid);

    const fileName = zipFileName(folder.name);
    const reply = (zip: FolderZip | null) =>
      new FileReply(zip?.stream ?? null, { contentType: 'application/zip', fileName, caching: 'private', onAbort: zip ? () => zip.abort() : undefined });
    if (options.exclusion === 'head') return reply(null);

    const items = await this.folders.items(folder.id);
    const tools: ZipTool[] = [];
    const missing: ZipMissing[] = [];
    for (const item of items) {
      if (item.id === null || item.file_key === null) missing.push({ name: item.item_name, reason: 'deleted' });
      else if (!(await this.storage.exists(item.file_key))) missing.push({ name: item.name, reason: 'unavailable' });
      else {
        tools.push({
          toolId: item.id, name: item.name, slug: item.slug, fileKey: item.file_key, size: item.file_size ?? 0,
          createdAt: new Date(item.created_at), updatedAt: new Date(item.updated_at ?? item.created_at), version: item.version_number,
        });
      }
    }
    const toolIds = tools.map((t) => t.toolId);
    const exclusion = options.exclusion === 'bot' ? 'bot' : null;
    await this.transactions.run((tx) => this.folders.recordZipDownloads(tx, toolIds, parsed.grant.userId ?? null, zipLinkId(parsed.signature), exclusion));
    return reply(buildFolderZip(
      { folderName: folder.name, description: folder.description, tools, missing, webUrl: this.config.urls.web, sheetPath: WebRoutes.toolBySlug, now },
      (key) => this.openStored(key),
    ));
  }

  private async openStored(key: string): Promise<Readable> {
    try {
      return (await this.storage.get(key)).stream;
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new NotFoundError(CatalogueMessages.fileMissing);
      throw error;
    }
  }

  private zipUrl(folder: FolderRow, userId: string | undefined, shared: boolean, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.config.downloads.ttlSeconds;
    const params = signZip(this.signer, { folderId: folder.id, expires, userId, shared, nonce: newZipNonce() }, folder.share_token);
    return `${this.config.urls.api}${FolderApiRoutes.folderZip}?${params.toString()}`;
  }

  private async owned(caller: AuthUser, folderId: string): Promise<FolderRow> {
    const folder = UUID_EXACT.test(folderId) ? await this.folders.findOwned(caller.id, folderId) : null;
    if (!folder) throw new NotFoundError(FolderMessages.folderNotFound);
    return folder;
  }

  private async sharedFolder(token: string): Promise<FolderRow> {
    const folder = SHARE_TOKEN.test(token) ? await this.folders.findShared(token) : null;
    if (!folder) throw new NotFoundError(FolderMessages.sharedFolderNotFound);
    return folder;
  }

  private async detail(folder: FolderRow, caller: AuthUser | undefined): Promise<FolderDetail> {
    const rows = await this.folders.items(folder.id);
    const ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    const [images, favourites] = await Promise.all([
      this.tools.imagesOf(ids),
      caller ? this.tools.favoriteIds(caller.id, ids) : Promise.resolve(new Set<number>()),
    ]);
    const items: FolderItem[] = rows.map((row) => this.item(row, images, favourites));
    return { ...summary(folder), items, totalSize: items.reduce((sum, item) => sum + item.size, 0) };
  }

  private item(row: FolderItemRow, images: Awaited<ReturnType<ToolsRepository['imagesOf']>>, favourites: Set<number>): FolderItem {
    if (row.id === null) return { toolId: null, name: row.item_name, tool: null, size: 0 };
    const tool = toTool({ ...row, id: row.id, file_mime: row.file_mime ?? '', file_size: row.file_size ?? 0 }, {
      apiUrl: this.config.urls.api,
      images: images.filter((image) => image.tool_id === row.id),
      isFavorite: favourites.has(row.id),
    });
    return { toolId: row.id, name: row.name, tool, size: row.file_size ?? 0 };
  }
}

function summary(folder: FolderRow): FolderSummary {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    toolIds: folder.tool_ids.map(Number),
    itemCount: folder.item_count,
    shareToken: folder.share_token,
    isKit: folder.is_kit,
    updatedAt: new Date(folder.updated_at).toISOString(),
  };
}
