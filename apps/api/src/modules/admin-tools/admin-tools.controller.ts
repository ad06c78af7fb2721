import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminToolDeleteResponse, AdminToolSaveResult, ApiRoutes } from '@outils/contracts';
import { MultipartUpload } from '../../common/http/multipart-upload';
import { Authenticated } from '../../common/auth/auth.decorators';
import { AdminToolsService } from './admin-tools.service';
import { CreateToolDto, ToolIdDto, UpdateToolDto } from './dto/tool-form.dto';
import type { UploadedPart } from './tool-form';

/** The body as parsed (multipart, urlencoded or JSON); the form is checked by the service. */
const fields = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/**
 * The form of an upload, read now that the guard let it through: every field and the files,
 * streamed to temporary files within the form's limits (removed after the response).
 */
async function toolForm(req: Request, body: unknown, service: AdminToolsService): Promise<[Record<string, unknown>, UploadedPart[]]> {
  const upload = MultipartUpload.of(req);
  if (!upload) return [fields(body), []];
  const files = await upload.receiveFiles(service.uploadRules);
  return [upload.fields, files];
}

@ApiTags('admin')
@Controller()
@Authenticated({ admin: true })
export class AdminToolsController {
  constructor(private readonly admin: AdminToolsService) {}

  @Post(ApiRoutes.adminToolCreate)
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CreateToolDto, description: 'Plus `toolFile` (fichier) et `images[]` (fichiers ou ids d’images gardées)' })
  async create(@Body() body: unknown, @Req() req: Request): Promise<AdminToolSaveResult> {
    return this.admin.create(...(await toolForm(req, body, this.admin)));
  }

  @Post(ApiRoutes.adminToolUpdate)
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UpdateToolDto, description: 'Plus `toolId`, `toolFile`, `images[]` et `imagesOrder`' })
  async update(@Body() body: unknown, @Req() req: Request): Promise<AdminToolSaveResult> {
    return this.admin.update(...(await toolForm(req, body, this.admin)));
  }

  @Post(ApiRoutes.adminToolDelete)
  @HttpCode(200)
  delete(@Body() body: ToolIdDto): Promise<AdminToolDeleteResponse> {
    return this.admin.delete(body.toolId);
  }
}
