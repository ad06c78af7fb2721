import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { UsersRepository } from '../users/users.repository';
import { AccountMailsService } from './account-mails.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { PasswordHasher } from './password-hasher';
import { PasswordResetService } from './password-reset.service';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionStrategy } from './session.strategy';
import { SessionsRepository } from './sessions.repository';

/**
 * Authentication: the one guard and session persistence, reused by every module, plus the
 * credential use cases (login, logout, forgotten password). It also provides the account
 * primitives (users persistence, password hashing, one-time links, account mails) that the
 * users module builds on, so that the dependency goes one way: users → auth.
 */
@Module({
  imports: [PassportModule, RateLimitModule],
  controllers: [AuthController],
  providers: [
    SessionsRepository, SessionStrategy, SessionAuthGuard,
    UsersRepository, OneTimeTokensRepository, PasswordHasher, AccountMailsService,
    AuthService, PasswordResetService,
  ],
  exports: [SessionsRepository, SessionAuthGuard, UsersRepository, OneTimeTokensRepository, PasswordHasher, AccountMailsService, RateLimitModule],
})
export class AuthModule {}
