import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type Redis from 'ioredis';
import { ApiRoutes, CommonMessages } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkKey, LinkPurposes, LinkSigner, linkNonce } from '@outils/server-signing';
import { ForbiddenError, MessageError, UnauthorizedError } from '../../common/errors/domain-error';
import { REDIS_CLIENT } from '../../infrastructure/redis.module';
import type { AuthUser } from '../../common/auth/auth-user';
import { extractCredentials } from '../../common/auth/credentials';
import { SessionsRepository } from '../../common/auth/sessions.repository';
import { COOKIE_TTL_MS, LINK_TTL_MS, verifyGrant } from './dashboard-grant';
import { QueuesDashboardMessages } from './queues-dashboard.messages';
import { QueuesDashboardRepository, SessionRole } from './queues-dashboard.repository';

export const DASHBOARD_COOKIE = 'outils_queues';

/**
 * Access to Bull Board. A browser cannot send our header credentials when it navigates, so an
 * admin asks for a short-lived signed link (`POST /admin/queues/link`); opening it sets an
 * HttpOnly cookie limited to /admin/queues. Every dashboard request re-checks that the session
 * behind the cookie is alive and still an admin's.
 */
@Injectable()
export class QueuesDashboardService {
  private readonly key: LinkKey;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly repository: QueuesDashboardRepository,
    private readonly sessions: SessionsRepository,
    signer: LinkSigner,
  ) {
    this.key = signer.key(LinkPurposes.queuesDashboard);
  }

  createLink(admin: AuthUser): { url: string } {
    const token = this.key.seal({ kind: 'link', sid: admin.sessionId, uid: admin.id, exp: Date.now() + LINK_TTL_MS, nonce: linkNonce(16) });
    return { url: `${this.config.urls.api}${ApiRoutes.adminQueuesLink}?token=${token}` };
  }

  /** Burns the link (single use) and returns the `Set-Cookie` value for the dashboard. */
  async openLink(token: unknown): Promise<string> {
    const grant = verifyGrant(token, this.key, 'link');
    if (!grant?.nonce) throw new UnauthorizedError(QueuesDashboardMessages.linkInvalid);
    const role = await this.repository.sessionRole(grant.sid, grant.uid);
    if (role === null) throw new UnauthorizedError(QueuesDashboardMessages.linkInvalid);
    if (role !== 'admin') throw new ForbiddenError(CommonMessages.forbidden);
    let first: string | null;
    try {
      first = await this.redis.set(`queues-link:${grant.nonce}`, '1', 'PX', LINK_TTL_MS, 'NX');
    } catch {
      throw new MessageError(HttpStatus.SERVICE_UNAVAILABLE, CommonMessages.serviceUnavailable);
    }
    if (first !== 'OK') throw new UnauthorizedError(QueuesDashboardMessages.linkInvalid);
    const cookie = this.key.seal({ kind: 'cookie', sid: grant.sid, uid: grant.uid, exp: Date.now() + COOKIE_TTL_MS });
    return serializeCookie(cookie, COOKIE_TTL_MS / 1000, this.config.urls.api.startsWith('https:'));
  }

  /**
   * Throws the 401/403 of docs/product/rules.md#R21 unless the caller is an admin, through the dashboard
   * cookie or, for scripts, the usual header credentials.
   */
  async authorize(req: IncomingMessage & { body?: unknown; query?: unknown }): Promise<void> {
    const role = await this.roleOf(req);
    if (role === 'admin') return;
    if (role === 'member') throw new ForbiddenError(CommonMessages.forbidden);
    throw new UnauthorizedError(QueuesDashboardMessages.sessionRequired);
  }

  private async roleOf(req: IncomingMessage): Promise<SessionRole> {
    const grant = verifyGrant(readCookie(req, DASHBOARD_COOKIE), this.key, 'cookie');
    if (grant) return this.repository.sessionRole(grant.sid, grant.uid);
    const credentials = extractCredentials(req as never);
    if (!credentials || credentials.token.length > 200) return null;
    // An admin's page: asked of the database each time, never believed from the cache (docs/product/rules.md#R839).
    const session = await this.sessions.findActive(credentials.token, { fresh: true });
    if (!session || (credentials.email && credentials.email.toLowerCase() !== session.email)) return null;
    return session.isAdmin ? 'admin' : 'member';
  }
}

function serializeCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [`${DASHBOARD_COOKIE}=${value}`, `Path=${ApiRoutes.adminQueues}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
