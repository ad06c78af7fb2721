import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ToolVersionHistory, VersionApiRoutes } from '@outils/contracts';
import { VersionsService } from './versions.service';
import { ToolVersionsParamsDto } from './versions.dto';

@ApiTags('catalogue')
@Controller()
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @Get(VersionApiRoutes.toolVersions(':toolId'))
  history(@Param() params: ToolVersionsParamsDto): Promise<ToolVersionHistory> {
    return this.versions.historyOf(params.toolId);
  }
}
