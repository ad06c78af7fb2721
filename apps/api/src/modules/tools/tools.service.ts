import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogueMessages,
  CommonMessages,
  DIFFICULTIES,
  FeaturedToolResponse,
  FiltersResponse,
  LISTING_PAGE_SIZE,
  Tool,
  ToolSheetResponse,
  ToolsResponse,
  WebRoutes,
} from '@outils/contracts';
import type { ToolImageWidth } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { StoragePort, StoredObject, StorageObjectNotFoundError } from '@outils/server-storage';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../common/errors/domain-error';
import type { AuthUser } from '../../common/auth/auth-user';
import { parseId, UUID_EXACT } from '../../common/validation/patterns';
import { ImageVariantsService } from './image-variants.service';
import { TaxonomyRepository } from './taxonomy.repository';
import { toTool } from './tool.mapper';
import { FILTER_LABELS, MAX_PAGE, ToolsQueryDto } from './dto/tools-query.dto';
import type { SearchPlan } from './search/search-plan';
import { ToolSearchService } from './search/tool-search.service';
import { ListingOrder, ToolRow, ToolsRepository } from './tools.repository';

/** Slugs come from `baseSlug` (common/text/slug.ts): lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,158}[a-z0-9])?$/;

/** Public reads of the catalogue: filters, listing, tool of the month, sheet and images. */
@Injectable()
export class ToolsService {
  constructor(
    private readonly tools: ToolsRepository,
    private readonly taxonomy: TaxonomyRepository,
    private readonly search: ToolSearchService,
    private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly variants: ImageVariantsService,
  ) {}

  async filters(): Promise<FiltersResponse> {
    const [categories, types] = await Promise.all([this.taxonomy.categories(), this.taxonomy.types()]);
    return { categories, types, difficulties: DIFFICULTIES.map((d) => ({ id: d, name: d })) };
  }

  async list(query: ToolsQueryDto, caller: AuthUser | undefined): Promise<ToolsResponse> {
    if (query.onlyFavorites && !caller) throw new UnauthorizedError(CatalogueMessages.favoritesNeedLogin);
    // docs/product/rules.md#R75: the admin listing needs credentials (401) of an admin (403).
    if (query.max !== undefined && !caller) throw new UnauthorizedError(CommonMessages.unauthorized);
    if (query.max !== undefined && !caller?.isAdmin) throw new ForbiddenError(CommonMessages.forbidden);
    await this.assertKnownFilters(query.categories, query.types);

    const pageSize = query.max ?? LISTING_PAGE_SIZE;
    const search = await this.search.plan(query.q);
    const order = listingOrder(query.sort, search !== undefined);
    const criteria = listingFilters(query, caller, search);
    const [{ rows, total }, facets] = await Promise.all([
      this.tools.list({ ...criteria, order, limit: pageSize, offset: (query.page - 1) * pageSize }),
      this.tools.facets(criteria),
    ]);
    const tools = await this.present(rows, caller, query.max !== undefined);
    // Pages past MAX_PAGE are refused: never offer them.
    return { tools, page: query.page, lastPage: Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / pageSize))), total, facets };
  }

  async featured(caller: AuthUser | undefined): Promise<FeaturedToolResponse> {
    const row = await this.tools.findFeatured();
    return { tool: row ? (await this.present([row], caller))[0] : null };
  }

  /**
   * By id or slug; a former slug answers the current sheet's URL (docs/product/rules.md#R91, docs/product/rules.md#R99). Admins also get `file`,
   * and the sheet of a draft or scheduled tool (its preview, docs/product/rules.md#R656); for anyone else it does not exist (docs/product/rules.md#R651).
   */
  async sheet(idOrSlug: string, caller: AuthUser | undefined): Promise<ToolSheetResponse> {
    const id = /^\d+$/.test(idOrSlug) ? parseId(idOrSlug) : null;
    const all = caller?.isAdmin === true;
    let row: ToolRow | null = null;
    if (id !== null) row = await this.tools.findById(id, all);
    else if (SLUG.test(idOrSlug)) {
      row = await this.tools.findBySlug(idOrSlug, all);
      if (!row) {
        const current = await this.tools.currentSlugForFormer(idOrSlug, all);
        if (current) return { url: WebRoutes.toolBySlug(current) };
      }
    }
    if (!row) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const [tool] = await this.present([row], caller);
    // The admin's edit form shows the current file; visitors never see upload names.
    if (caller?.isAdmin) tool.file = (await this.tools.fileInfo(row.id)) ?? undefined;
    return { tool };
  }

  /** The image as uploaded, or its copy `width` pixels wide (docs/product/rules.md#R700). */
  async openImage(imageId: string, width?: ToolImageWidth): Promise<StoredObject & { contentType: string }> {
    const image = UUID_EXACT.test(imageId) ? await this.tools.findImage(imageId) : null;
    if (!image) throw new NotFoundError(CatalogueMessages.imageNotFound);
    try {
      if (width !== undefined) return await this.variants.open(imageId, image, width);
      const object = await this.storage.get(image.key);
      return { ...object, contentType: image.mime };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new NotFoundError(CatalogueMessages.imageNotFound);
      throw error;
    }
  }

  /** docs/product/rules.md#R636: a tool's current preview, by the uuid of its key; 404 for any other. */
  async openPreview(previewId: string): Promise<StoredObject & { contentType: string }> {
    const preview = UUID_EXACT.test(previewId) ? await this.tools.findPreview(previewId.toLowerCase()) : null;
    if (!preview) throw new NotFoundError(CatalogueMessages.previewNotFound);
    try {
      const object = await this.storage.get(preview.key);
      return { ...object, contentType: preview.mime };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new NotFoundError(CatalogueMessages.previewNotFound);
      throw error;
    }
  }

  /** Images (one query) and favourites (one query) for a whole page of rows. */
  private async present(rows: ToolRow[], caller: AuthUser | undefined, withDownloadCount = false): Promise<Tool[]> {
    const ids = rows.map((r) => r.id);
    const [images, favorites] = await Promise.all([
      this.tools.imagesOf(ids),
      caller ? this.tools.favoriteIds(caller.id, ids) : Promise.resolve(new Set<number>()),
    ]);
    return rows.map((row) =>
      toTool(row, {
        apiUrl: this.config.urls.api,
        images: images.filter((image) => image.tool_id === row.id),
        isFavorite: favorites.has(row.id),
        withDownloadCount,
      }),
    );
  }

  private async assertKnownFilters(categories: number[], types: number[]): Promise<void> {
    const [knownCategories, knownTypes] = await Promise.all([
      this.taxonomy.existingCategoryIds(categories),
      this.taxonomy.existingTypeIds(types),
    ]);
    if (categories.some((id) => !knownCategories.has(id))) throw new BadRequestError(CatalogueMessages.unknownFilter(FILTER_LABELS.categories));
    if (types.some((id) => !knownTypes.has(id))) throw new BadRequestError(CatalogueMessages.unknownFilter(FILTER_LABELS.types));
  }
}

/** docs/product/rules.md#R605: relevance by default while searching, newest first otherwise; relevance without a search is newest first. */
/**
 * The filters of a listing query as the repository takes them, for both the database and the
 * read model's paths; the admin listing (`max`) shows drafts and scheduled tools too
 * (docs/product/rules.md#R655).
 */
export function listingFilters(query: ToolsQueryDto, caller: AuthUser | undefined, search: SearchPlan | undefined) {
  return {
    categories: query.categories,
    types: query.types,
    difficulties: query.difficulties,
    favoritesOf: query.onlyFavorites ? caller?.id : undefined,
    search,
    includeUnpublished: query.max !== undefined,
  };
}

export function listingOrder(sort: ListingOrder | undefined, searching: boolean): ListingOrder {
  if (sort === 'relevance' || sort === undefined) return searching ? 'relevance' : 'recent';
  return sort;
}
