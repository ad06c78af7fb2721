import { Injectable } from '@nestjs/common';
import type { ListingFacets } from '@outils/contracts';
import { CatalogueReadModel, KeptSearch } from '../read-model/catalogue-read-model';
import type { IndexedTool } from '../read-model/catalogue-index';
import { SUGGESTED_TOOLS, type BestMatches } from '../search/tool-search.service';
import { ToolSearchService } from '../search/tool-search.service';
import { relevanceOrder, ToolsRepository } from '../tools.repository';
import { ListingResult, ListingSpec, listingCriteria, listingOrder } from './listing-spec';

/**
 * The listing answered from the catalogue in memory (docs/product/rules.md#R300): the same specs
 * as `SqlListing`, the same answers (docs/product/rules.md#R872). What memory does not hold comes
 * from the database as ids: a search's matches, kept per search text until the catalogue changes
 * (#R610, #R611), and the pages of the orders that follow download counts or durations (#R304).
 * Null when memory cannot answer: not built or not listening, the admin listing, or a tool the
 * database names that memory does not hold yet (a change on its way).
 */
@Injectable()
export class MemoryListing {
  constructor(
    private readonly model: CatalogueReadModel,
    private readonly tools: ToolsRepository,
    private readonly search: ToolSearchService,
  ) {}

  private readonly searchesInFlight = new Map<string, Promise<KeptSearch>>();

  async list(spec: ListingSpec, generation = this.model.generation): Promise<ListingResult | null> {
    if (!this.model.usable || spec.admin) return null;
    const index = this.model.index;
    const only = spec.favoritesOf ? await this.model.favoritesOf(spec.favoritesOf) : undefined;
    const searched = spec.q ? await this.searched(spec.q, true, generation) : undefined;
    const plan = searched?.plan;
    const order = listingOrder(spec.sort, plan !== undefined);
    const start = (spec.page - 1) * spec.pageSize;
    if (searched && plan) {
      // docs/product/rules.md#R610, #R611: the search's matches from memory, filtered and counted here.
      const found = index.searched(order === 'relevance' ? relevanceOrder(searched.matches) : searched.matches.ids, spec, only);
      if (!found) return null;
      const total = found.tools.length;
      if (order === 'relevance' || order === 'recent') return { tools: found.tools.slice(start, start + spec.pageSize), total, facets: found.facets };
      // Downloads and durations are not in memory: the page's ids in that order from the database.
      const tools = await this.pageOf(spec, plan);
      return tools && { tools, total, facets: found.facets };
    }
    if (order === 'popular' || order === 'shortest') {
      const tools = await this.pageOf(spec, undefined);
      if (!tools) return null;
      // docs/product/rules.md#R606: counts of filters alone from memory; the total is in them (every tool has one topic).
      const facets = index.facets(spec, only);
      return { tools, total: totalOf(facets, spec.categories), facets };
    }
    return { ...index.page(spec, spec.page, only, spec.pageSize), facets: index.facets(spec, only) };
  }

  /** The suggestions' best matches (docs/product/rules.md#R602): the kept search, its first tools by relevance. */
  readonly bestMatches = (generation: number): BestMatches => async (text, strict) => {
    const { plan, matches } = await this.searched(text, strict, generation);
    if (!plan) return undefined;
    const index = this.model.index;
    const tools = relevanceOrder(matches).slice(0, SUGGESTED_TOOLS).map((id) => index.byIdOrNull(id));
    return { plan, tools: tools.filter((t) => t !== null).map((t) => ({ id: t.id, slug: t.slug, name: t.name })) };
  };

  /** The page's ids from the database (an index walk, #R304), the tools from memory; null if one is not held. */
  private async pageOf(spec: ListingSpec, plan: KeptSearch['plan']): Promise<IndexedTool[] | null> {
    const tools = (await this.tools.pageIds(listingCriteria(spec, plan))).map((id) => this.model.index.byIdOrNull(id));
    return tools.some((t) => t === null) ? null : (tools as IndexedTool[]);
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
}

/** The tools of the selection: the topic counts (which ignore the topic filter) of the selected topics, or of all. */
function totalOf(facets: ListingFacets, categories: number[]): number {
  const chosen = categories.length ? new Set(categories) : null;
  return facets.categories.reduce((sum, f) => sum + (!chosen || chosen.has(f.id) ? f.count : 0), 0);
}
