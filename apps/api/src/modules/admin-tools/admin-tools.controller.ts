import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminToolDeleteResponse, AdminToolSaveResult, ApiRoutes } from '@outils/contracts';
import { filesByField } from '../../common/http/body-parsers';
import { Authenticated } from '../auth/auth.decorators';
import { AdminToolsService } from './admin-tools.service';
import type { UploadedPart } from './tool-form';

/** Every uploaded part of the request (multer memory storage ran before the guard). */
const uploadedParts = (req: Request): UploadedPart[] => Object.values(filesByField(req)).flat() as unknown as UploadedPart[];

/** The body as parsed (multipart, urlencoded or JSON); the form is read by the service. */
const fields = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

@ApiTags('admin')
@Controller()
@Authenticated({ admin: true })
export class AdminToolsController {
  constructor(private readonly admin: AdminToolsService) {}

  @Post(ApiRoutes.adminToolCreate)
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  create(@Body() body: unknown, @Req() req: Request): Promise<AdminToolSaveResult> {
    return this.admin.create(fields(body), uploadedParts(req));
  }

  @Post(ApiRoutes.adminToolUpdate)
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  update(@Body() body: unknown, @Req() req: Request): Promise<AdminToolSaveResult> {
    return this.admin.update(fields(body), uploadedParts(req));
  }

  @Post(ApiRoutes.adminToolDelete)
  @HttpCode(200)
  delete(@Body() body: unknown): Promise<AdminToolDeleteResponse> {
    return this.admin.delete(fields(body));
  }
}
