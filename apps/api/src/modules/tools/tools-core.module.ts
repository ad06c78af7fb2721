import { Module } from '@nestjs/common';
import { TaxonomyRepository } from './taxonomy.repository';
import { ToolsRepository } from './tools.repository';
import { ToolsService } from './tools.service';

/** Catalogue reads shared by the tools, downloads, favourites and admin modules (no routes). */
@Module({
  providers: [ToolsRepository, TaxonomyRepository, ToolsService],
  exports: [ToolsRepository, TaxonomyRepository, ToolsService],
})
export class ToolsCoreModule {}
