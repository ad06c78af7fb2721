import { Module } from '@nestjs/common';
import { ImageVariantsService } from './image-variants.service';
import { CatalogueChangesRepository } from './read-model/catalogue-changes.repository';
import { CatalogueReadModel } from './read-model/catalogue-read-model';
import { PublicReadsService } from './read-model/public-reads.service';
import { TaxonomyRepository } from './taxonomy.repository';
import { ToolsRepository } from './tools.repository';
import { ToolSearchService } from './search/tool-search.service';
import { ToolsService } from './tools.service';

/** Catalogue reads shared by the tools, downloads, favourites and admin modules (no routes). */
@Module({
  providers: [ToolsRepository, TaxonomyRepository, ToolSearchService, ToolsService, ImageVariantsService, CatalogueChangesRepository, CatalogueReadModel, PublicReadsService],
  exports: [ToolsRepository, TaxonomyRepository, ToolSearchService, ToolsService, CatalogueReadModel, PublicReadsService],
})
export class ToolsCoreModule {}
