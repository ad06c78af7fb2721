import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionStrategy } from './session.strategy';
import { SessionsRepository } from './sessions.repository';

/**
 * The one guard and the sessions it reads, used by every feature with `@Authenticated()`.
 * The accounts feature opens and closes sessions through the same repository.
 */
@Module({
  imports: [PassportModule],
  providers: [SessionsRepository, SessionStrategy, SessionAuthGuard],
  exports: [SessionsRepository, SessionAuthGuard],
})
export class AuthModule {}
