import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiRoutePatterns, ApiRoutes, PARTNER_ATTRIBUTION_PARAM } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { credentialsOutsideBody, extractCredentials } from '../../common/auth/credentials';
import { SessionsRepository } from '../../common/auth/sessions.repository';
import { isToolSheetPath } from '../../common/http/compression';
import { sendJsonReply } from '../../common/http/json-reply';
import { PublicReadsService } from './public-reads.service';

/**
 * A guest's read of an answer the catalogue keeps (docs/product/rules.md#R841): the listing of a
 * query string already answered, the filters, the tool of the month, a sheet. It is answered here,
 * after the request line's and the metrics' middleware and before the framework's route (its
 * guards, its validation pipe, its parameter decorators), none of which has anything to decide
 * for it: no credential is carried (checked first, as the session guard would, #R838), the query
 * string is one the validation accepted for this very answer (#R837), and the answer is the
 * current one of the catalogue. A published tool's sheet is answered here even before it is kept
 * (#R842): the tool is in memory, its answer is built at once. Anything else — a member, a first query, a sheet opened through a
 * partner's link, a changed catalogue — goes on to the route as before.
 */
@Injectable()
export class KeptReadsMiddleware implements NestMiddleware {
  constructor(
    private readonly reads: PublicReadsService,
    private readonly sessions: SessionsRepository,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const answered = this.keptAnswer(req);
    if (answered) return this.send(req, res, answered.reply, answered.route);
    const member = this.memberListing(req);
    if (!member) return next();
    member.then(
      (reply) => this.send(req, res, reply, ApiRoutes.tools),
      // Nothing was written yet: the route answers it, its errors included.
      () => next(),
    );
  }

  private send(req: Request, res: Response, reply: Parameters<typeof sendJsonReply>[2], route: string): void {
    // What the router would have noted: the request line's and the metrics' route label.
    (req as { route?: unknown }).route = { path: route };
    sendJsonReply(req, res, reply);
  }

  /**
   * A member's listing (docs/product/rules.md#R843), when the session cache vouches for the
   * credentials in the headers (the query string then names no credential and can be a guest's
   * validated one) and the address given with them, if any, is the session's; the member is
   * then what the session guard would have made of them. Anything else goes to the route: an
   * unknown or forgotten token (logged out, password changed, revoked), an admin, credentials
   * in the query string, a query string not validated yet.
   */
  private memberListing(req: Request) {
    const url = req.originalUrl;
    const mark = url.indexOf('?');
    if ((mark === -1 ? url : url.slice(0, mark)) !== ApiRoutes.tools) return undefined;
    const credentials = credentialsOutsideBody({ headers: req.headers, query: {} });
    if (!credentials || credentials.token.length > 200) return undefined;
    const session = this.sessions.believed(credentials.token);
    if (!session || session.isAdmin) return undefined;
    if (credentials.email && credentials.email.toLowerCase() !== session.email) return undefined;
    const member: AuthUser = { id: session.userId, email: session.email, isAdmin: false, sessionId: session.sessionId };
    const reply = this.reads.memberListing(mark === -1 ? '' : url.slice(mark + 1), member);
    if (reply) req.user = member;
    return reply;
  }

  private keptAnswer(req: Request) {
    const url = req.originalUrl;
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    if (path === ApiRoutes.tools) {
      return this.guest(req) ? this.found(this.reads.keptListing(mark === -1 ? '' : url.slice(mark + 1)), ApiRoutes.tools) : undefined;
    }
    // The other reads take no parameter: a query string is left to the route.
    if (mark !== -1) return undefined;
    if (path === ApiRoutes.filters) return this.found(this.reads.keptFilters(), ApiRoutes.filters);
    if (path === ApiRoutes.toolsFeatured) return this.guest(req) ? this.found(this.reads.keptFeatured(), ApiRoutes.toolsFeatured) : undefined;
    if (isToolSheetPath(path) && this.guest(req)) {
      let idOrSlug: string;
      try {
        idOrSlug = decodeURIComponent(path.slice(7));
      } catch {
        return undefined; // a malformed escape: the route answers it
      }
      return this.found(this.reads.keptSheet(idOrSlug), ApiRoutePatterns.toolSheet);
    }
    return undefined;
  }

  /** No credential anywhere, and no partner to credit (`?partenaire=` is a query string, left to the route). */
  private guest(req: Request): boolean {
    return !extractCredentials(req) && req.query[PARTNER_ATTRIBUTION_PARAM] === undefined;
  }

  private found<T>(reply: T | undefined, route: string) {
    return reply ? { reply, route } : undefined;
  }
}
