import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  DownloadResponse, FolderApiRoutes, FolderDeleteResponse, FolderResponse, FoldersResponse, KitsResponse, SharedFolderResponse,
} from '@outils/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { sendFile } from '../../common/http/send-file';
import { downloadExclusion } from '../../common/http/download-exclusion';
import { CreateFolderDto, FolderKitDto, FolderOrderDto, FolderRemoveToolDto, FolderTextDto, FolderToolDto } from './dto/folder.dto';
import { FolderRateLimits } from './folder-rate-limits';
import { FoldersService } from './folders.service';

/** Download folders (docs/product/rules.md#R500–R549); fixed routes before parameter routes. */
@ApiTags('folders')
@Controller()
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get(FolderApiRoutes.folders)
  @Authenticated()
  list(@Auth() caller: AuthUser): Promise<FoldersResponse> {
    return this.folders.list(caller);
  }

  @Post(FolderApiRoutes.folderCreate)
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  create(@Auth() caller: AuthUser, @Body() body: CreateFolderDto): Promise<FolderResponse> {
    return this.folders.create(caller, body);
  }

  @Get(FolderApiRoutes.kits)
  kits(): Promise<KitsResponse> {
    return this.folders.kits();
  }

  /**
   * The ZIP behind a signed link (docs/product/rules.md#R522): streamed as it is built; when the
   * client goes away, reading from storage stops at once and nothing is left behind.
   */
  @Get(FolderApiRoutes.folderZip)
  @RateLimit(FolderRateLimits.zipFile)
  async zip(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendFile(req, res, await this.folders.openZip(query, { exclusion: downloadExclusion(req) }));
  }

  @Get(FolderApiRoutes.sharedFolder(':token'))
  @Authenticated({ optional: true })
  shared(@Param('token') token: string, @Auth() caller: AuthUser | undefined): Promise<SharedFolderResponse> {
    return this.folders.shared(token, caller);
  }

  @Get(FolderApiRoutes.sharedFolderDownload(':token'))
  @RateLimit(FolderRateLimits.zipLink)
  @Authenticated({ optional: true })
  sharedDownload(@Param('token') token: string, @Auth() caller: AuthUser | undefined): Promise<DownloadResponse> {
    return this.folders.createSharedZipLink(token, caller);
  }

  @Get(FolderApiRoutes.folder(':id'))
  @Authenticated()
  get(@Auth() caller: AuthUser, @Param('id') id: string): Promise<FolderResponse> {
    return this.folders.get(caller, id);
  }

  @Get(FolderApiRoutes.folderDownload(':id'))
  @RateLimit(FolderRateLimits.zipLink)
  @Authenticated()
  download(@Auth() caller: AuthUser, @Param('id') id: string): Promise<DownloadResponse> {
    return this.folders.createZipLink(caller, id);
  }

  @Post(FolderApiRoutes.folderUpdate(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  update(@Auth() caller: AuthUser, @Param('id') id: string, @Body() body: FolderTextDto): Promise<FolderResponse> {
    return this.folders.update(caller, id, body);
  }

  @Post(FolderApiRoutes.folderDelete(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  delete(@Auth() caller: AuthUser, @Param('id') id: string): Promise<FolderDeleteResponse> {
    return this.folders.delete(caller, id);
  }

  @Post(FolderApiRoutes.folderAddTool(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  addTool(@Auth() caller: AuthUser, @Param('id') id: string, @Body() body: FolderToolDto): Promise<FolderResponse> {
    return this.folders.addTool(caller, id, body.toolId);
  }

  @Post(FolderApiRoutes.folderRemoveTool(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  removeTool(@Auth() caller: AuthUser, @Param('id') id: string, @Body() body: FolderRemoveToolDto): Promise<FolderResponse> {
    return this.folders.removeTool(caller, id, body.toolId);
  }

  @Post(FolderApiRoutes.folderOrder(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  reorder(@Auth() caller: AuthUser, @Param('id') id: string, @Body() body: FolderOrderDto): Promise<FolderResponse> {
    return this.folders.reorder(caller, id, body.toolIds);
  }

  @Post(FolderApiRoutes.folderShare(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  share(@Auth() caller: AuthUser, @Param('id') id: string): Promise<FolderResponse> {
    return this.folders.share(caller, id);
  }

  @Post(FolderApiRoutes.folderUnshare(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated()
  unshare(@Auth() caller: AuthUser, @Param('id') id: string): Promise<FolderResponse> {
    return this.folders.unshare(caller, id);
  }

  @Post(FolderApiRoutes.folderKit(':id'))
  @HttpCode(200)
  @RateLimit(FolderRateLimits.writes)
  @Authenticated({ admin: true })
  kit(@Auth() caller: AuthUser, @Param('id') id: string, @Body() body: FolderKitDto): Promise<FolderResponse> {
    return this.folders.setKit(caller, id, body.isKit);
  }
}
