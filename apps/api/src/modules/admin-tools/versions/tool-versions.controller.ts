import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminToolVersionsResponse, AdminVersionRestoreResult, VersionApiRoutes } from '@outils/contracts';
import { Auth, Authenticated } from '../../../common/auth/auth.decorators';
import type { AuthUser } from '../../../common/auth/auth-user';
import { ToolVersionsService } from './tool-versions.service';
import { RestoreVersionDto, ToolVersionDto, ToolVersionsQueryDto } from './tool-versions.dto';

@ApiTags('admin')
@Controller()
@Authenticated({ admin: true })
export class ToolVersionsController {
  constructor(private readonly versions: ToolVersionsService) {}

  @Get(VersionApiRoutes.adminVersions)
  list(@Query() query: ToolVersionsQueryDto): Promise<AdminToolVersionsResponse> {
    return this.versions.list(query.toolId);
  }

  @Post(VersionApiRoutes.adminVersionLink)
  @HttpCode(200)
  link(@Body() body: ToolVersionDto, @Auth() admin: AuthUser): Promise<{ url: string }> {
    return this.versions.link(body.toolId, body.number, admin.id);
  }

  @Post(VersionApiRoutes.adminVersionRestore)
  @HttpCode(200)
  restore(@Body() body: RestoreVersionDto): Promise<AdminVersionRestoreResult> {
    return this.versions.restore(body.toolId, body.number, body.minor ?? false);
  }
}
