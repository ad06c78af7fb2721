import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes } from '@outils/contracts';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { LoginErrorsFilter, MessageErrorsFilter } from './account-errors.filter';
import type { AuthUser } from './auth-user';
import { Auth, Authenticated } from './auth.decorators';
import { AuthService } from './auth.service';
import { EmailDto } from './dto/email.dto';
import { LoginDto } from './dto/login.dto';
import { ResetLinkDto, ResetPasswordDto } from './dto/reset-password.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('comptes')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwords: PasswordResetService,
  ) {}

  @Post(ApiRoutes.login)
  @HttpCode(200)
  @UseFilters(new LoginErrorsFilter())
  login(@Body() dto: LoginDto, @ClientIp() ip: string) {
    return this.auth.login(dto, ip);
  }

  /** New (decisions §2): revokes the presented session; the web then clears its storage. */
  @Post(ApiRoutes.logout)
  @HttpCode(200)
  @Authenticated()
  logout(@Auth() user: AuthUser) {
    return this.auth.logout(user);
  }

  @Post(ApiRoutes.passwordForgot)
  @HttpCode(200)
  @UseFilters(new MessageErrorsFilter())
  sendForgotEmail(@Body() dto: EmailDto, @ClientIp() ip: string) {
    return this.passwords.sendForgotEmail(dto, ip);
  }

  /** New: the reset page checks its link when it opens (400 `{ message }` when used or expired). */
  @Post(ApiRoutes.passwordResetCheck)
  @HttpCode(200)
  @UseFilters(new MessageErrorsFilter())
  checkResetLink(@Body() dto: ResetLinkDto, @ClientIp() ip: string) {
    return this.passwords.checkLink(dto, ip);
  }

  @Post(ApiRoutes.passwordReset)
  @HttpCode(200)
  @UseFilters(new MessageErrorsFilter())
  reset(@Body() dto: ResetPasswordDto, @ClientIp() ip: string) {
    return this.passwords.reset(dto, ip);
  }
}
