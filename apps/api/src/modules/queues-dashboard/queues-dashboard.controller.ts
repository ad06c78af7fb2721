import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiRoutes } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import { QueuesDashboardMessages as M } from './queues-dashboard.messages';
import { QueuesDashboardService } from './queues-dashboard.service';

@ApiTags('administration')
@Controller()
export class QueuesDashboardController {
  constructor(private readonly dashboard: QueuesDashboardService) {}

  /** The web admin's "Files d'attente" button: `{ url }`, valid 10 minutes, single use. */
  @Post(ApiRoutes.adminQueuesLink)
  @HttpCode(200)
  @Authenticated({ admin: true })
  createLink(@Auth() admin: AuthUser) {
    return this.dashboard.createLink(admin);
  }

  /**
   * Opening the link sets the dashboard cookie. A page that moves on by itself rather than a
   * 302: a SameSite=Strict cookie is not sent on a redirect chain that a cross-site page (the
   * web app on another site) started, but it is on a navigation started from this origin.
   */
  @Get(ApiRoutes.adminQueuesLink)
  @ApiExcludeEndpoint()
  async openLink(@Query('token') token: unknown, @Res() res: Response) {
    const cookie = await this.dashboard.openLink(token);
    res
      .status(200)
      .setHeader('Set-Cookie', cookie)
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Referrer-Policy', 'no-referrer')
      .type('html')
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${M.pageTitle}</title>` +
          `<meta http-equiv="refresh" content="0;url=${ApiRoutes.adminQueues}"></head>` +
          `<body><p>${M.opening}</p><p><a href="${ApiRoutes.adminQueues}">${M.openLink}</a></p></body></html>`,
      );
  }
}
