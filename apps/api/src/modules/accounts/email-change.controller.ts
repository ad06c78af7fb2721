import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import { ErrorShape } from '../../common/errors/error-shape';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { EmailChangeLinkDto } from './dto/one-time-link.dto';
import { EmailChangeService } from './email-change.service';

/** The e-mail change's link and its cancellation (docs/product/rules.md#R761, docs/product/rules.md#R762). */
@ApiTags('comptes')
@Controller()
export class EmailChangeController {
  constructor(private readonly emailChange: EmailChangeService) {}

  /** The new mailbox's link; a signed-in caller learns whether the account that moved is theirs. */
  @Post(ApiRoutes.userEmailConfirm)
  @HttpCode(200)
  @Authenticated({ optional: true })
  @ErrorShape('message')
  confirm(@Body() dto: EmailChangeLinkDto, @ClientIp() ip: string, @Auth() user?: AuthUser) {
    return this.emailChange.confirm(dto, ip, user);
  }

  @Post(ApiRoutes.userEmailCancel)
  @HttpCode(200)
  @Authenticated()
  @ErrorShape('message')
  cancel(@Auth() user: AuthUser) {
    return this.emailChange.cancel(user);
  }
}
