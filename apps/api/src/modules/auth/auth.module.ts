import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionStrategy } from './session.strategy';
import { SessionsRepository } from './sessions.repository';

/**
 * Authentication: the one guard and session persistence, reused by every module. The account
 * use cases (login, logout…) live in this module too.
 */
@Module({
  imports: [PassportModule],
  providers: [SessionsRepository, SessionStrategy, SessionAuthGuard],
  exports: [SessionsRepository, SessionAuthGuard],
})
export class AuthModule {}
