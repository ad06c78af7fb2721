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
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { StoragePort, StoredObject, StorageObjectNotFoundError } from '@outils/server-storage';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../common/errors/domain-error';
import type { AuthUser } from '../../common/auth/auth-user';
import { parseId, UUID_EXACT } from '../../common/validation/patterns';
import { TaxonomyRepository } from './taxonomy.repository';
import { toTool } from './tool.mapper';
import { FILTER_LABELS, MAX_PAGE, ToolsQueryDto } from './dto/tools-query.dto';
import { ListingOrder, ToolRow, ToolsRepository } from './tools.repository';

/** Slugs come from `baseSlug` (common/text/slug.ts): lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,158}[a-z0-9])?$/;

/** Public reads of the catalogue: filters, listing, tool of the month, sheet and images. */
@Injectable()
export class ToolsService {
  constructor(
    private readonly tools: ToolsRepository,
    private readonly taxonomy: TaxonomyRepository,
    private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    const order: ListingOrder = query.sort ?? (query.q ? 'relevance' : 'recent');
    const { rows, total } = await this.tools.list({
      categories: query.categories,
      types: query.types,
      difficulties: query.difficulties,
      favoritesOf: query.onlyFavorites ? caller?.id : undefined,
      search: query.q,
      order,
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
    });
    const tools = await this.present(rows, caller, query.max !== undefined);
    // Pages past MAX_PAGE are refused: never offer them.
    return { tools, page: query.page, lastPage: Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / pageSize))), total };
  }

  async featured(caller: AuthUser | undefined): Promise<FeaturedToolResponse> {
    const row = await this.tools.findFeatured();
    return { tool: row ? (await this.present([row], caller))[0] : null };
  }

  /** By id or slug; a former slug answers the current sheet's URL (docs/product/rules.md#R91, docs/product/rules.md#R99). Admins also get `file`. */
  async sheet(idOrSlug: string, caller: AuthUser | undefined): Promise<ToolSheetResponse> {
    const id = /^\d+$/.test(idOrSlug) ? parseId(idOrSlug) : null;
    let row: ToolRow | null = null;
    if (id !== null) row = await this.tools.findById(id);
    else if (SLUG.test(idOrSlug)) {
      row = await this.tools.findBySlug(idOrSlug);
      if (!row) {
        const current = await this.tools.currentSlugForFormer(idOrSlug);
        if (current) return { url: WebRoutes.toolBySlug(current) };
      }
    }
    if (!row) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const [tool] = await this.present([row], caller);
    // The admin's edit form shows the current file; visitors never see upload names.
    if (caller?.isAdmin) tool.file = (await this.tools.fileInfo(row.id)) ?? undefined;
    return { tool };
  }

  async openImage(imageId: string): Promise<StoredObject & { contentType: string }> {
    const image = UUID_EXACT.test(imageId) ? await this.tools.findImage(imageId) : null;
    if (!image) throw new NotFoundError(CatalogueMessages.imageNotFound);
    try {
      const object = await this.storage.get(image.key);
      return { ...object, contentType: image.mime };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new NotFoundError(CatalogueMessages.imageNotFound);
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
