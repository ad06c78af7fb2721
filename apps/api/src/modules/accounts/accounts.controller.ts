import { Body, Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiRoutes } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import { ErrorShape } from '../../common/errors/error-shape';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { factsOf } from '../partners/reports/partner-counting';
import { PartnerReportsService } from '../partners/reports/partner-reports.service';
import { AuthService } from './auth.service';
import { DeleteUserDto } from './dto/delete-user.dto';
import { EmailDto } from './dto/email.dto';
import { LoginDto } from './dto/login.dto';
import { ResetLinkDto, ResetPasswordDto } from './dto/reset-password.dto';
import { SignUpDto } from './dto/sign-up.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { PasswordResetService } from './password-reset.service';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';

@ApiTags('comptes')
@Controller()
export class AccountsController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwords: PasswordResetService,
    private readonly registration: RegistrationService,
    private readonly profile: ProfileService,
    private readonly partnerReports: PartnerReportsService,
  ) {}

  @Post(ApiRoutes.login)
  @HttpCode(200)
  @ErrorShape('login')
  login(@Body() dto: LoginDto, @ClientIp() ip: string) {
    return this.auth.login(dto, ip);
  }

  /** docs/product/rules.md#R38: revokes the presented session; the web then clears its storage. */
  @Post(ApiRoutes.logout)
  @HttpCode(200)
  @Authenticated()
  logout(@Auth() user: AuthUser) {
    return this.auth.logout(user);
  }

  @Post(ApiRoutes.passwordForgot)
  @HttpCode(200)
  @ErrorShape('message')
  sendForgotEmail(@Body() dto: EmailDto, @ClientIp() ip: string) {
    return this.passwords.sendForgotEmail(dto, ip);
  }

  /** New: the reset page checks its link when it opens (400 `{ message }` when used or expired). */
  @Post(ApiRoutes.passwordResetCheck)
  @HttpCode(200)
  @ErrorShape('message')
  checkResetLink(@Body() dto: ResetLinkDto, @ClientIp() ip: string) {
    return this.passwords.checkLink(dto, ip);
  }

  @Post(ApiRoutes.passwordReset)
  @HttpCode(200)
  @ErrorShape('message')
  reset(@Body() dto: ResetPasswordDto, @ClientIp() ip: string) {
    return this.passwords.reset(dto, ip);
  }

  @Post(ApiRoutes.userNew)
  @HttpCode(200)
  async signUp(@Body() dto: SignUpDto, @ClientIp() ip: string, @Req() req: Request) {
    const answer = await this.registration.signUp(dto, ip);
    // A sign-up that arrived through a partner's link (docs/product/rules.md#R997).
    if (dto.partenaire !== undefined) await this.partnerReports.creditAttributed(dto.partenaire, { kind: 'signup' }, factsOf(req));
    return answer;
  }

  /** The activation link's e-mail and one-time token come as headers (docs/product/rules.md#R19). */
  @Get(ApiRoutes.userConfirm)
  @ApiHeader({ name: 'email', required: true })
  @ApiHeader({ name: 'token', required: true })
  @ErrorShape('message')
  confirm(@Headers('email') email?: string, @Headers('token') token?: string) {
    return this.registration.confirm(email, token);
  }

  @Post(ApiRoutes.loginResendActivation)
  @HttpCode(200)
  @ErrorShape('message')
  resendActivation(@Body() dto: EmailDto, @ClientIp() ip: string) {
    return this.registration.resendActivation(dto, ip);
  }

  @Get(ApiRoutes.userShow)
  @Authenticated()
  show(@Auth() user: AuthUser) {
    return this.profile.show(user);
  }

  @Post(ApiRoutes.userUpdate)
  @HttpCode(200)
  @Authenticated()
  update(@Auth() user: AuthUser, @Body() dto: UpdateUserDto, @ClientIp() ip: string) {
    return this.profile.update(user, dto, ip);
  }

  @Post(ApiRoutes.userDelete)
  @HttpCode(200)
  @Authenticated()
  @ErrorShape('account-delete')
  delete(@Auth() user: AuthUser, @Body() dto: DeleteUserDto, @ClientIp() ip: string) {
    return this.profile.delete(user, dto, ip);
  }
}
