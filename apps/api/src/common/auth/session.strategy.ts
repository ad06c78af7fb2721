import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-custom';
import type { AuthUser } from './auth-user';
import { extractCredentials } from './credentials';
import { SessionsRepository } from './sessions.repository';

const SESSION = 'session-token';
/** The same check, never believed from the instance's cache of sessions (admin routes). */
const FRESH_SESSION = 'session-token-fresh';

/**
 * The one check behind the one guard: any carrier, one validation (docs/product/rules.md#R17),
 * run by Passport for a request that carries credentials (docs/product/rules.md#R838).
 * Each application has its own Passport authenticator: the process-wide one keeps one strategy per
 * name, so two applications in one process (the scale-out tests) would check each other's sessions.
 */
@Injectable()
export class SessionStrategy {
  private readonly authenticator = new passport.Authenticator();

  constructor(private readonly sessions: SessionsRepository) {
    this.authenticator.use(SESSION, this.strategy({ fresh: false }));
    this.authenticator.use(FRESH_SESSION, this.strategy({ fresh: true }));
  }

  /**
   * The caller, or false. `fresh`: asked of the database, never believed from the instance's cache
   * of sessions (an admin route, docs/product/rules.md#R839).
   */
  validate(req: Request, options: { fresh?: boolean } = {}): Promise<AuthUser | false> {
    return new Promise((resolve, reject) => {
      const authenticate = this.authenticator.authenticate(
        options.fresh ? FRESH_SESSION : SESSION,
        { session: false },
        (error: unknown, user: AuthUser | false | undefined) => (error ? reject(error) : resolve(user ?? false)),
      );
      authenticate(req, req.res, (error?: unknown) => (error ? reject(error) : resolve(false)));
    });
  }

  private strategy(options: { fresh: boolean }): passport.Strategy {
    return new Strategy((req, done) => {
      this.check(req, options.fresh).then(
        (user) => done(null, user || undefined),
        (error: unknown) => done(error),
      );
    });
  }

  private async check(req: Request, fresh: boolean): Promise<AuthUser | false> {
    const credentials = extractCredentials(req);
    if (!credentials || credentials.token.length > 200) return false;
    let session = await this.sessions.findActive(credentials.token, { fresh });
    // An address that differs from the one believed may be the member's new one, changed a moment
    // ago: asked again, never from the cache (docs/product/rules.md#R839).
    if (session && !fresh && credentials.email && credentials.email.toLowerCase() !== session.email) {
      session = await this.sessions.findActive(credentials.token, { fresh: true });
    }
    if (!session) return false;
    if (credentials.email && credentials.email.toLowerCase() !== session.email) return false;
    return { id: session.userId, email: session.email, isAdmin: session.isAdmin, sessionId: session.sessionId };
  }
}
