import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { indexedTool } from '../read-model/catalogue-index';
import { ToolSearchService } from '../search/tool-search.service';
import { ToolsRepository } from '../tools.repository';
import { ListingResult, ListingSpec, listingCriteria } from './listing-spec';

/**
 * The listing answered by the database alone: one page query, one count, the filter counts and
 * the page's images (`tools-listing.sql`). Answers every spec; the catalogue in memory answers
 * the same specs the same way (docs/product/rules.md#R872, proven by listing-executors.int-spec.ts).
 */
@Injectable()
export class SqlListing {
  constructor(
    private readonly tools: ToolsRepository,
    private readonly search: ToolSearchService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(spec: ListingSpec): Promise<ListingResult> {
    const criteria = listingCriteria(spec, await this.search.plan(spec.q));
    const [{ rows, total }, facets] = await Promise.all([this.tools.list(criteria), this.tools.facets(criteria)]);
    const images = await this.tools.imagesOf(rows.map((row) => row.id));
    const tools = rows.map((row) =>
      indexedTool(row, images.filter((image) => image.tool_id === row.id), this.config.urls.api, { withDownloadCount: spec.admin }),
    );
    return { tools, total, facets };
  }
}
