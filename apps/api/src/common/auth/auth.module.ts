import { Global, Module } from '@nestjs/common';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionStrategy } from './session.strategy';
import { SessionsRepository } from './sessions.repository';

/**
 * The one guard and the sessions it reads, used by every feature with `@Authenticated()`.
 * The accounts feature opens and closes sessions through the same repository. Global: the guard
 * is resolved in every feature's module, and it needs the application's one check (and cache).
 */
@Global()
@Module({
  providers: [SessionsRepository, SessionStrategy, SessionAuthGuard],
  exports: [SessionsRepository, SessionStrategy, SessionAuthGuard],
})
export class AuthModule {}
