import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';
import { extractCredentials } from './credentials';
import { SessionsRepository } from './sessions.repository';

/**
 * The one check behind the one guard: any carrier, one validation (docs/product/rules.md#R17).
 * Called by the guard itself, without passport (docs/product/rules.md#R838): one instance per
 * application, where passport kept one strategy per name for the whole process.
 */
@Injectable()
export class SessionStrategy {
  constructor(private readonly sessions: SessionsRepository) {}

  /**
   * The caller, or false. `fresh`: asked of the database, never believed from the instance's cache
   * of sessions (an admin route, docs/product/rules.md#R839).
   */
  async validate(req: Request, options: { fresh?: boolean } = {}): Promise<AuthUser | false> {
    const credentials = extractCredentials(req);
    if (!credentials || credentials.token.length > 200) return false;
    let session = await this.sessions.findActive(credentials.token, { fresh: options.fresh === true });
    // An address that differs from the one believed may be the member's new one, changed a moment
    // ago: asked again, never from the cache (docs/product/rules.md#R839).
    if (session && !options.fresh && credentials.email && credentials.email.toLowerCase() !== session.email) {
      session = await this.sessions.findActive(credentials.token, { fresh: true });
    }
    if (!session) return false;
    if (credentials.email && credentials.email.toLowerCase() !== session.email) return false;
    return { id: session.userId, email: session.email, isAdmin: session.isAdmin, sessionId: session.sessionId };
  }
}
