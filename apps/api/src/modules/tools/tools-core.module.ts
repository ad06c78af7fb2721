import { Module } from '@nestjs/common';
import { CatalogueChangesRepository } from './read-model/catalogue-changes.repository';
import { CatalogueReadModel } from './read-model/catalogue-read-model';
import { PublicReadsService } from './read-model/public-reads.service';
import { TaxonomyRepository } from './taxonomy.repository';
import { ToolsRepository } from './tools.repository';
import { ToolsService } from './tools.service';

/** Catalogue reads shared by the tools, downloads, favourites and admin modules (no routes). */
@Module({
  providers: [ToolsRepository, TaxonomyRepository, ToolsService, CatalogueChangesRepository, CatalogueReadModel, PublicReadsService],
  exports: [ToolsRepository, TaxonomyRepository, ToolsService, CatalogueReadModel, PublicReadsService],
})
export class ToolsCoreModule {}
