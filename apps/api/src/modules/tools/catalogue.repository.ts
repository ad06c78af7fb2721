import { Inject, Injectable } from '@nestjs/common';
import { WebRoutes, type NamedRef } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { parseId } from '../../common/validation/patterns';
import { ListingResult, ListingSpec } from './listing/listing-spec';
import { MemoryListing } from './listing/memory-listing';
import { SqlListing } from './listing/sql-listing';
import { IndexedTool, indexedTool } from './read-model/catalogue-index';
import { CachedReply, CatalogueReadModel } from './read-model/catalogue-read-model';
import type { BestMatches } from './search/tool-search.service';
import { ToolSearchService } from './search/tool-search.service';
import { TaxonomyRepository } from './taxonomy.repository';
import { ToolRow, ToolsRepository } from './tools.repository';

/** Slugs come from `baseSlug` (common/text/slug.ts): lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,158}[a-z0-9])?$/;

/** A sheet looked up: the tool (its row when the database answered), a former slug's new address, or nothing. */
export type SheetLookup = { tool: IndexedTool; id: number } | { url: string } | null;

/**
 * The catalogue's public reads, with the published catalogue in memory as a cache behind them
 * (docs/product/rules.md#R300, #R872). The one place that decides who answers: memory while it is
 * built and listening (and holds the tool asked for), the database otherwise, with the same
 * answers. The service above never asks which one did.
 */
@Injectable()
export class CatalogueRepository {
  constructor(
    private readonly model: CatalogueReadModel,
    private readonly memory: MemoryListing,
    private readonly sql: SqlListing,
    private readonly tools: ToolsRepository,
    private readonly taxonomy: TaxonomyRepository,
    private readonly search: ToolSearchService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Bumped by every change of the catalogue: an answer computed across a change is not kept. */
  get generation(): number {
    return this.model.generation;
  }

  /** A guest answer kept earlier (docs/product/rules.md#R305), while the cache is usable. */
  reply(key: string): CachedReply | undefined {
    return this.model.usable ? this.model.reply(key) : undefined;
  }

  /** Keeps a guest answer built at `generation`, when the cache is usable; answers it with its ETag either way. */
  keep(key: string, body: Buffer, generation: number, etag?: string): CachedReply {
    return this.model.keep(key, body, generation, etag);
  }

  async list(spec: ListingSpec, generation = this.model.generation): Promise<ListingResult> {
    return (await this.memory.list(spec, generation)) ?? this.sql.list(spec);
  }

  async filterLists(): Promise<{ categories: NamedRef[]; types: NamedRef[] }> {
    if (this.model.usable) return { categories: this.model.index.categories, types: this.model.index.types };
    const [categories, types] = await Promise.all([this.taxonomy.categories(), this.taxonomy.types()]);
    return { categories, types };
  }

  /** The newest public tool flagged as tool of the month, else the newest public tool. */
  async featured(): Promise<IndexedTool | null> {
    if (this.model.usable) return this.model.index.featured();
    const row = await this.tools.findFeatured();
    return row && this.entry(row);
  }

  /**
   * By id or slug; a former slug gives the current sheet's address (docs/product/rules.md#R91,
   * #R99). `includeUnpublished`: the admin's read, drafts and scheduled tools too (#R656), from the
   * database; for anyone else they do not exist (#R651).
   */
  async sheet(idOrSlug: string, includeUnpublished: boolean): Promise<SheetLookup> {
    const id = /^\d+$/.test(idOrSlug) ? parseId(idOrSlug) : null;
    if (!includeUnpublished) {
      const tool = this.publishedInMemory(idOrSlug);
      if (tool) return { tool, id: tool.id };
    }
    // Not in memory: a tool not held yet, a former slug (its redirect) or nothing (404).
    let row: ToolRow | null = null;
    if (id !== null) row = await this.tools.findById(id, includeUnpublished);
    else if (SLUG.test(idOrSlug)) {
      row = await this.tools.findBySlug(idOrSlug, includeUnpublished);
      if (!row) {
        const current = await this.tools.currentSlugForFormer(idOrSlug, includeUnpublished);
        if (current) return { url: WebRoutes.toolBySlug(current) };
      }
    }
    return row && { tool: await this.entry(row), id: row.id };
  }

  /**
   * The published tool a sheet's address names (digits: its id, else its current slug), from
   * memory alone and at once; null when memory cannot say (not usable, a tool not held, a former
   * slug): `sheet` asks the database then.
   */
  publishedInMemory(idOrSlug: string): IndexedTool | null {
    if (!this.model.usable) return null;
    if (!/^\d+$/.test(idOrSlug)) return this.model.index.bySlugOrNull(idOrSlug);
    const id = parseId(idOrSlug);
    return id === null ? null : this.model.index.byIdOrNull(id);
  }

  /** The tool's current file as the admin's form shows it. */
  fileInfo(toolId: number) {
    return this.tools.fileInfo(toolId);
  }

  /** The member's favourite tool ids (one query, then memory until they change, #R301). */
  favoritesOf(userId: string): Promise<ReadonlySet<number>> {
    return this.model.favoritesOf(userId);
  }

  /** The member's favourite ids if memory holds them now, while it is usable; undefined otherwise. */
  knownFavoritesOf(userId: string): ReadonlySet<number> | undefined {
    return this.model.usable ? this.model.knownFavoritesOf(userId) : undefined;
  }

  /** The suggestions' best matches of a text (docs/product/rules.md#R602). */
  bestMatches(generation: number): BestMatches {
    return this.model.usable ? this.memory.bestMatches(generation) : this.search.bestFromDatabase;
  }

  private async entry(row: ToolRow): Promise<IndexedTool> {
    return indexedTool(row, await this.tools.imagesOf([row.id]), this.config.urls.api);
  }
}
