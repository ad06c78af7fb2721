import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NewVersionsResponse, UpdateAlertsState, VersionApiRoutes } from '@outils/contracts';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ErrorShape } from '../../common/errors/error-shape';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { AlertsUnsubscribeDto, UpdateAlertsDto } from './update-alerts.dto';
import { UpdateAlertsService } from './update-alerts.service';
import { VersionRateLimits } from './version-rate-limits';

@ApiTags('accounts')
@Controller()
export class UpdateAlertsController {
  constructor(private readonly alerts: UpdateAlertsService) {}

  @Get(VersionApiRoutes.updateAlerts)
  @Authenticated()
  state(@Auth() user: AuthUser): Promise<UpdateAlertsState> {
    return this.alerts.state(user.id);
  }

  @Get(VersionApiRoutes.myNewVersions)
  @Authenticated()
  newVersions(@Auth() user: AuthUser): Promise<NewVersionsResponse> {
    return this.alerts.newVersions(user.id);
  }

  @Post(VersionApiRoutes.updateAlerts)
  @HttpCode(200)
  @Authenticated()
  set(@Body() body: UpdateAlertsDto, @Auth() user: AuthUser): Promise<UpdateAlertsState> {
    return this.alerts.set(user.id, body.enabled);
  }

  /** RFC 8058 one-click (`List-Unsubscribe=One-Click`) and the page's button: the link is in the query string. */
  @Post(VersionApiRoutes.alertsUnsubscribe)
  @HttpCode(200)
  @ErrorShape('single-message')
  @RateLimit(VersionRateLimits.unsubscribe)
  unsubscribe(@Query() link: AlertsUnsubscribeDto): Promise<{ message: string }> {
    return this.alerts.unsubscribe(link);
  }

  @Get(VersionApiRoutes.alertsUnsubscribe)
  openUnsubscribePage(@Query('id') id: unknown, @Query('token') token: unknown, @Res() res: Response): void {
    res.redirect(303, this.alerts.unsubscribePageUrl(typeof id === 'string' ? id : '', typeof token === 'string' ? token : ''));
  }
}
