import { Module } from '@nestjs/common';
import { CatalogueRepository } from './catalogue.repository';
import { ImageVariantsService } from './image-variants.service';
import { MemoryListing } from './listing/memory-listing';
import { SqlListing } from './listing/sql-listing';
import { PublicReadsService } from './public-reads.service';
import { CatalogueChangesRepository } from './read-model/catalogue-changes.repository';
import { CatalogueReadModel } from './read-model/catalogue-read-model';
import { TaxonomyRepository } from './taxonomy.repository';
import { ToolsRepository } from './tools.repository';
import { ToolSearchService } from './search/tool-search.service';
import { ToolsService } from './tools.service';

/**
 * The catalogue shared by the tools, downloads, favourites and admin modules (no routes): its
 * reads, with the catalogue in memory as a cache behind `CatalogueRepository`, and its change
 * notification (`CatalogueChangesRepository`), through which writers tell it what they changed.
 */
@Module({
  providers: [
    ToolsRepository, TaxonomyRepository, ToolSearchService, ToolsService, ImageVariantsService, CatalogueChangesRepository, CatalogueReadModel,
    SqlListing, MemoryListing, CatalogueRepository, PublicReadsService,
  ],
  exports: [CatalogueRepository, ToolsRepository, TaxonomyRepository, ToolSearchService, ToolsService, CatalogueChangesRepository, CatalogueReadModel, PublicReadsService],
})
export class ToolsCoreModule {}
