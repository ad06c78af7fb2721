import { Injectable } from '@nestjs/common';
import { CatalogueMessages, DIFFICULTIES, LISTING_PAGE_SIZE } from '@outils/contracts';
import type { AuthUser } from '../../../common/auth/auth-user';
import { BadRequestError, UnauthorizedError } from '../../../common/errors/domain-error';
import { parseId } from '../../../common/validation/patterns';
import { FILTER_LABELS, MAX_PAGE, ToolsQueryDto } from '../dto/tools-query.dto';
import { ToolsRepository } from '../tools.repository';
import { ToolsService } from '../tools.service';
import { CatalogueReadModel, strongEtag } from './catalogue-read-model';
import { IndexedTool, toolJson } from './catalogue-index';

/**
 * A JSON answer as bytes. `shared`: the same for every guest, so it carries a strong ETag and
 * may be kept by a shared cache (docs/product/rules.md#R305); otherwise it is a member's own.
 */
export interface JsonReply {
  body: Buffer;
  etag?: string;
  shared: boolean;
}

const EMPTY: ReadonlySet<number> = new Set();

/**
 * Filters, listing, tool of the month and sheets, answered from the read model
 * (docs/product/rules.md#R300): a guest's answer is bytes kept from an earlier request (no
 * database round trip), a member's is the shared page with `isFavorite` laid over it. What the
 * model cannot answer goes to the database: the admin listing (`max`, download counts), the
 * admin's sheet (its file), `sort=popular` (download counts move with every download), and
 * the search's matching (by ids, then the model's JSON). Search semantics are those of
 * `ToolsRepository.list`, unchanged.
 */
@Injectable()
export class PublicReadsService {
  constructor(
    private readonly model: CatalogueReadModel,
    private readonly database: ToolsService,
    private readonly tools: ToolsRepository,
  ) {}

  async filters(): Promise<JsonReply> {
    if (!this.model.usable) return shared(await this.database.filters());
    return this.cached('filters', () =>
      JSON.stringify({ categories: this.model.index.categories, types: this.model.index.types, difficulties: DIFFICULTIES.map((d) => ({ id: d, name: d })) }),
    );
  }

  async featured(caller: AuthUser | undefined): Promise<JsonReply> {
    if (!this.model.usable) return this.fromDatabase(await this.database.featured(caller), caller);
    const favorites = caller ? await this.model.favoritesOf(caller.id) : EMPTY;
    const tool = this.model.index.featured();
    if (!caller) return this.cached('featured', () => `{"tool":${tool ? toolJson(tool, false) : 'null'}}`);
    return mine(`{"tool":${tool ? toolJson(tool, favorites.has(tool.id)) : 'null'}}`);
  }

  async sheet(idOrSlug: string, caller: AuthUser | undefined): Promise<JsonReply> {
    // The admin's sheet adds the tool's file (read from the database).
    if (!this.model.usable || caller?.isAdmin) return this.fromDatabase(await this.database.sheet(idOrSlug, caller), caller);
    const id = /^\d+$/.test(idOrSlug) ? parseId(idOrSlug) : null;
    const tool = id !== null ? this.model.index.byIdOrNull(id) : this.model.index.bySlugOrNull(idOrSlug);
    // Not in memory: a former slug (its redirect) or nothing (404), both from the database.
    if (!tool) return this.fromDatabase(await this.database.sheet(idOrSlug, caller), caller);
    if (!caller) return this.cached(`sheet:${idOrSlug}`, () => `{"tool":${toolJson(tool, false)}}`);
    const favorites = await this.model.favoritesOf(caller.id);
    return mine(`{"tool":${toolJson(tool, favorites.has(tool.id))}}`);
  }

  async list(query: ToolsQueryDto, caller: AuthUser | undefined): Promise<JsonReply> {
    const fromMemory = this.model.usable && query.max === undefined;
    if (!fromMemory) return this.fromDatabase(await this.database.list(query, caller), caller);
    if (query.onlyFavorites && !caller) throw new UnauthorizedError(CatalogueMessages.favoritesNeedLogin);
    const index = this.model.index;
    if (query.categories.some((id) => !index.hasCategory(id))) throw new BadRequestError(CatalogueMessages.unknownFilter(FILTER_LABELS.categories));
    if (query.types.some((id) => !index.hasType(id))) throw new BadRequestError(CatalogueMessages.unknownFilter(FILTER_LABELS.types));

    const favorites = caller ? await this.model.favoritesOf(caller.id) : EMPTY;
    const key = `list:${query.page}|${query.categories.join(',')}|${query.types.join(',')}|${query.difficulties.join(',')}|${query.q ?? ''}|${query.sort ?? ''}`;
    const inDatabaseOrder = query.q !== undefined || query.sort === 'popular';
    // Popular pages follow download counts, which change without a notification: never kept.
    const keepable = !caller && query.sort !== 'popular';
    if (keepable) {
      const hit = this.model.reply(key);
      if (hit) return { ...hit, shared: true };
    }
    const generation = this.model.generation;
    let page: { tools: IndexedTool[]; total: number };
    if (inDatabaseOrder) {
      const found = await this.tools.listIds({
        categories: query.categories,
        types: query.types,
        difficulties: query.difficulties,
        favoritesOf: query.onlyFavorites ? caller?.id : undefined,
        search: query.q,
        order: query.sort ?? (query.q ? 'relevance' : 'recent'),
        limit: LISTING_PAGE_SIZE,
        offset: (query.page - 1) * LISTING_PAGE_SIZE,
      });
      const tools = found.ids.map((id) => index.byIdOrNull(id));
      // A tool the model does not hold yet (a change on its way): the database answers whole.
      if (tools.some((t) => t === null)) return this.fromDatabase(await this.database.list(query, caller), caller);
      page = { tools: tools as IndexedTool[], total: found.total };
    } else {
      page = index.page(query, query.page, query.onlyFavorites ? favorites : undefined);
    }
    const lastPage = Math.min(MAX_PAGE, Math.max(1, Math.ceil(page.total / LISTING_PAGE_SIZE)));
    const json = `{"tools":[${page.tools.map((t) => toolJson(t, favorites.has(t.id))).join(',')}],"page":${query.page},"lastPage":${lastPage},"total":${page.total}}`;
    if (!caller) {
      const body = Buffer.from(json);
      return keepable ? { ...this.model.keep(key, body, generation), shared: true } : { body, etag: strongEtag(body), shared: true };
    }
    return mine(json);
  }

  private cached(key: string, build: () => string): JsonReply {
    const hit = this.model.reply(key);
    if (hit) return { ...hit, shared: true };
    return { ...this.model.keep(key, Buffer.from(build()), this.model.generation), shared: true };
  }

  private fromDatabase(value: unknown, caller: AuthUser | undefined): JsonReply {
    return caller ? mine(JSON.stringify(value)) : shared(value);
  }
}

function shared(value: unknown): JsonReply {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: strongEtag(body), shared: true };
}

const mine = (json: string): JsonReply => ({ body: Buffer.from(json), shared: false });

