import { Injectable } from '@nestjs/common';
import { CatalogueMessages, DIFFICULTIES, LISTING_PAGE_SIZE, type ListingFacets } from '@outils/contracts';
import type { AuthUser } from '../../../common/auth/auth-user';
import { BadRequestError, UnauthorizedError } from '../../../common/errors/domain-error';
import { parseId } from '../../../common/validation/patterns';
import { FILTER_LABELS, MAX_PAGE, ToolsQueryDto } from '../dto/tools-query.dto';
import type { SearchPlan } from '../search/search-plan';
import { SUGGESTED_TOOLS, ToolSearchService } from '../search/tool-search.service';
import { relevanceOrder, ToolsRepository } from '../tools.repository';
import { listingFilters, listingOrder, ToolsService } from '../tools.service';
import { CatalogueReadModel, KeptSearch, strongEtag } from './catalogue-read-model';
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
 * a search's matching: one query gives every match (docs/product/rules.md#R610), kept per search
 * text (#R611), and its pages, orders by recency or relevance, filters and counts are computed
 * here. Search semantics are those of `ToolsRepository.list`.
 */
@Injectable()
export class PublicReadsService {
  constructor(
    private readonly model: CatalogueReadModel,
    private readonly database: ToolsService,
    private readonly tools: ToolsRepository,
    private readonly search: ToolSearchService,
  ) {}

  private readonly inFlight = new Map<string, Promise<JsonReply>>();
  private readonly searchesInFlight = new Map<string, Promise<KeptSearch>>();

  /**
   * Suggestions under the search box (docs/product/rules.md#R602): the same for everyone, kept
   * like a guest's answer until the catalogue changes.
   */
  async suggestions(text: string): Promise<JsonReply> {
    if (!this.model.usable) {
      const { categories } = await this.database.filters();
      return shared(await this.search.suggestions(text, categories));
    }
    const key = `suggest:${text}`;
    const hit = this.model.reply(key);
    if (hit) return { ...hit, shared: true };
    return this.once(key, async (generation) => {
      const answer = await this.search.suggestions(text, this.model.index.categories, async (typed, strict) => {
        const { plan, matches } = await this.searched(typed, strict, generation);
        if (!plan) return undefined;
        const index = this.model.index;
        const tools = relevanceOrder(matches).slice(0, SUGGESTED_TOOLS).map((id) => index.byIdOrNull(id));
        return { plan, tools: tools.filter((t) => t !== null).map((t) => ({ id: t.id, slug: t.slug, name: t.name })) };
      });
      return { ...this.model.keep(key, Buffer.from(JSON.stringify(answer)), generation), shared: true };
    });
  }

  /**
   * Guests asking for the same answer while it is being computed share that computation (one set
   * of queries for a burst of identical searches, not one per request). Keyed by the catalogue's
   * generation too: a request that arrives after a change never gets an answer begun before it.
   */
  private once(key: string, compute: (generation: number) => Promise<JsonReply>): Promise<JsonReply> {
    const generation = this.model.generation;
    const flightKey = `${generation}:${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) return running;
    const promise = compute(generation).finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, promise);
    return promise;
  }

  /**
   * A search text's plan and matches (docs/product/rules.md#R611): kept by the read model until the
   * catalogue changes, so that another page, order or filter of the same search asks nothing of
   * the database; requests for the same text meanwhile share one computation.
   */
  private searched(text: string, strict: boolean, generation: number): Promise<KeptSearch> {
    const key = `${strict ? 'strict' : 'closest'}:${text}`;
    const kept = this.model.search(key);
    if (kept) return Promise.resolve(kept);
    const flightKey = `${generation}:${key}`;
    const running = this.searchesInFlight.get(flightKey);
    if (running) return running;
    const promise = (async (): Promise<KeptSearch> => {
      const plan = await this.search.plan(text, strict);
      const found: KeptSearch = { plan, matches: plan ? await this.tools.searchMatches(plan) : { ids: [], ranked: [] } };
      this.model.keepSearch(key, found, generation);
      return found;
    })().finally(() => this.searchesInFlight.delete(flightKey));
    this.searchesInFlight.set(flightKey, promise);
    return promise;
  }

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
    // Popular pages follow download counts, which change without a notification: never kept.
    const keepable = !caller && query.sort !== 'popular';
    if (keepable) {
      const hit = this.model.reply(key);
      if (hit) return { ...hit, shared: true };
      return this.once(key, (generation) => this.compute(query, caller, favorites, key, keepable, generation));
    }
    return this.compute(query, caller, favorites, key, keepable, this.model.generation);
  }

  private async compute(
    query: ToolsQueryDto,
    caller: AuthUser | undefined,
    favorites: ReadonlySet<number>,
    key: string,
    keepable: boolean,
    generation: number,
  ): Promise<JsonReply> {
    const index = this.model.index;
    const only = query.onlyFavorites ? favorites : undefined;
    const searched = query.q ? await this.searched(query.q, true, generation) : undefined;
    const search = searched?.plan;
    const order = listingOrder(query.sort, search !== undefined);
    const start = (query.page - 1) * LISTING_PAGE_SIZE;
    let page: { tools: IndexedTool[]; total: number };
    let facets: ListingFacets;
    if (searched && search) {
      // docs/product/rules.md#R610, #R611: the search's matches from memory, filtered and counted here.
      const ordered = order === 'relevance' ? relevanceOrder(searched.matches) : searched.matches.ids;
      const found = index.searched(ordered, query, only);
      // A tool the model does not hold yet (a change on its way): the database answers whole.
      if (!found) return this.fromDatabase(await this.database.list(query, caller), caller);
      facets = found.facets;
      if (order === 'relevance' || order === 'recent') {
        page = { tools: found.tools.slice(start, start + LISTING_PAGE_SIZE), total: found.tools.length };
      } else {
        // Downloads and durations are not in memory: the page's ids in that order from the database.
        const tools = (await this.pageIds(query, caller, search)).map((id) => index.byIdOrNull(id));
        if (tools.some((t) => t === null)) return this.fromDatabase(await this.database.list(query, caller), caller);
        page = { tools: tools as IndexedTool[], total: found.tools.length };
      }
    } else if (order === 'popular' || order === 'shortest') {
      // The orders the model does not keep (downloads, durations) come from the database by ids.
      const tools = (await this.pageIds(query, caller, undefined)).map((id) => index.byIdOrNull(id));
      if (tools.some((t) => t === null)) return this.fromDatabase(await this.database.list(query, caller), caller);
      // docs/product/rules.md#R606: counts of filters alone from memory; the total is in them (every tool has one topic).
      facets = index.facets(query, only);
      page = { tools: tools as IndexedTool[], total: totalOf(facets, query.categories) };
    } else {
      page = index.page(query, query.page, only);
      facets = index.facets(query, only);
    }
    const lastPage = Math.min(MAX_PAGE, Math.max(1, Math.ceil(page.total / LISTING_PAGE_SIZE)));
    const json = `{"tools":[${page.tools.map((t) => toolJson(t, favorites.has(t.id))).join(',')}],"page":${query.page},"lastPage":${lastPage},"total":${page.total},"facets":${JSON.stringify(facets)}}`;
    if (!caller) {
      const body = Buffer.from(json);
      return keepable ? { ...this.model.keep(key, body, generation), shared: true } : { body, etag: strongEtag(body), shared: true };
    }
    return mine(json);
  }

  private pageIds(query: ToolsQueryDto, caller: AuthUser | undefined, search: SearchPlan | undefined): Promise<number[]> {
    return this.tools.pageIds({
      ...listingFilters(query, caller, search),
      order: listingOrder(query.sort, search !== undefined),
      limit: LISTING_PAGE_SIZE,
      offset: (query.page - 1) * LISTING_PAGE_SIZE,
    });
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

/** The tools of the selection: the topic counts (which ignore the topic filter) of the selected topics, or of all. */
function totalOf(facets: ListingFacets, categories: number[]): number {
  const chosen = categories.length ? new Set(categories) : null;
  return facets.categories.reduce((sum, f) => sum + (!chosen || chosen.has(f.id) ? f.count : 0), 0);
}
