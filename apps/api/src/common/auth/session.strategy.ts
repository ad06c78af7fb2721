import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import type { AuthUser } from './auth-user';
import { extractCredentials } from './credentials';
import { SessionsRepository } from './sessions.repository';

export const SESSION_STRATEGY = 'session-token';

/** Passport strategy behind the one guard: any carrier, one validation (docs/product/rules.md#R17). */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  constructor(private readonly sessions: SessionsRepository) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | false> {
    const credentials = extractCredentials(req);
    if (!credentials || credentials.token.length > 200) return false;
    const session = await this.sessions.findActive(credentials.token);
    if (!session) return false;
    if (credentials.email && credentials.email.toLowerCase() !== session.email) return false;
    return { id: session.userId, email: session.email, isAdmin: session.isAdmin, sessionId: session.sessionId };
  }
}
