import { Body, Controller, Get, Headers, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { ApiRoutes } from '@outils/contracts';
import { ClientIp } from '../../common/rate-limit/client-ip.decorator';
import { DeleteAccountErrorsFilter, MessageErrorsFilter } from '../auth/account-errors.filter';
import type { AuthUser } from '../auth/auth-user';
import { Auth, Authenticated } from '../auth/auth.decorators';
import { EmailDto } from '../auth/dto/email.dto';
import { DeleteUserDto } from './dto/delete-user.dto';
import { SignUpDto } from './dto/sign-up.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';

@ApiTags('comptes')
@Controller()
export class UsersController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly profile: ProfileService,
  ) {}

  @Post(ApiRoutes.userNew)
  @HttpCode(200)
  signUp(@Body() dto: SignUpDto, @ClientIp() ip: string) {
    return this.registration.signUp(dto, ip);
  }

  /** The activation link's e-mail and one-time token come as headers (decisions §2). */
  @Get(ApiRoutes.userConfirm)
  @ApiHeader({ name: 'email', required: true })
  @ApiHeader({ name: 'token', required: true })
  @UseFilters(new MessageErrorsFilter())
  confirm(@Headers('email') email?: string, @Headers('token') token?: string) {
    return this.registration.confirm(email, token);
  }

  @Post(ApiRoutes.loginResendActivation)
  @HttpCode(200)
  @UseFilters(new MessageErrorsFilter())
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
  update(@Auth() user: AuthUser, @Body() dto: UpdateUserDto) {
    return this.profile.update(user, dto);
  }

  @Post(ApiRoutes.userDelete)
  @HttpCode(200)
  @Authenticated()
  @UseFilters(new DeleteAccountErrorsFilter())
  delete(@Auth() user: AuthUser, @Body() dto: DeleteUserDto) {
    return this.profile.delete(user, dto);
  }
}
