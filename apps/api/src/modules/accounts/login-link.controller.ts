import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes } from '@outils/contracts';
import { ErrorShape } from '../../common/errors/error-shape';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { EmailDto } from './dto/email.dto';
import { LoginLinkDto } from './dto/one-time-link.dto';
import { LoginLinkService } from './login-link.service';

/** The one-time login link by e-mail (docs/product/rules.md#R770). */
@ApiTags('comptes')
@Controller()
export class LoginLinkController {
  constructor(private readonly links: LoginLinkService) {}

  @Post(ApiRoutes.loginLink)
  @HttpCode(200)
  @ErrorShape('message')
  send(@Body() dto: EmailDto, @ClientIp() ip: string) {
    return this.links.send(dto, ip);
  }

  @Post(ApiRoutes.loginLinkConfirm)
  @HttpCode(200)
  @ErrorShape('message')
  confirm(@Body() dto: LoginLinkDto, @ClientIp() ip: string) {
    return this.links.confirm(dto, ip);
  }
}
