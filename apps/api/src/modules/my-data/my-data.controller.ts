import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MyDataExportResponse, MyDownloadsResponse, PersonalDataApiRoutes } from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { sendFile } from '../../common/http/send-file';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { MyDataRateLimits, MyDataService } from './my-data.service';

@ApiTags('my-data')
@Controller()
export class MyDataController {
  constructor(private readonly myData: MyDataService) {}

  /** docs/product/rules.md#R470 */
  @Get(PersonalDataApiRoutes.myDownloads)
  @Authenticated()
  downloads(@Auth() caller: AuthUser): Promise<MyDownloadsResponse> {
    return this.myData.downloads(caller);
  }

  /** docs/product/rules.md#R968 */
  @Post(PersonalDataApiRoutes.myDataExport)
  @HttpCode(200)
  @Authenticated()
  requestExport(@Auth() caller: AuthUser): Promise<MyDataExportResponse> {
    return this.myData.requestExport(caller);
  }

  /**
   * The signed link of the file: no session (a new tab, a mailed link); each fetch builds or reads a
   * ZIP, so it has a per-IP budget (docs/product/rules.md#R473). The ZIP is streamed as it is
   * written (docs/product/rules.md#R781).
   */
  @Get(PersonalDataApiRoutes.myDataExportFile)
  @RateLimit(MyDataRateLimits.file)
  async file(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendFile(req, res, await this.myData.file(query));
  }
}
