import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiRoutePatterns, ApiRoutes } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { credentialsOutsideBody } from '../../common/auth/credentials';
import { SessionsRepository } from '../../common/auth/sessions.repository';
import { acceptsGzip, isToolSheetPath } from '../../common/http/compression';
import type { FrontAnswer } from '../../common/http/front-reads';
import { PublicReadsService } from './public-reads.service';

const NO_QUERY = {};
/** `storedToken=` or `token=` (docs/product/rules.md#R17) in a query string, as sent. */
const CREDENTIAL_FIELD = /token/i;

/**
 * The catalogue's reads answered by the HTTP server's first layer (docs/product/rules.md#R862,
 * `common/http/front-reads.ts`): a guest's listing of a query string already answered, the
 * filters, the tool of the month, a published tool's sheet (#R897), and a member's listing the
 * session cache vouches for (#R843). None of the later layers has anything to decide for them: no
 * credential is carried (a guest's), or the session cache knows the token (a member's); the query
 * string is one the validation accepted for this very answer (#R837), and the answer is the
 * catalogue's current one. Anything else — a body, credentials in the query string, a first query
 * string, a sheet opened through a partner's link, a changed catalogue — goes on to the route.
 */
@Injectable()
export class KeptReads {
  constructor(
    private readonly reads: PublicReadsService,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Called for a GET or HEAD without a body only. */
  answer(req: Pick<Request, 'url' | 'headers'>): FrontAnswer | Promise<FrontAnswer | undefined> | undefined {
    const url = req.url;
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const credentials = credentialsOutsideBody({ headers: req.headers, query: NO_QUERY });
    if (path === ApiRoutes.tools) {
      // A query string is kept only once the route answered it to a request without credentials
      // anywhere, so a kept one carries none; one that names a token is left to the route all the same.
      const queryString = mark === -1 ? '' : url.slice(mark + 1);
      if (CREDENTIAL_FIELD.test(queryString)) return undefined;
      return credentials ? this.memberListing(queryString, credentials) : this.found(this.reads.keptListing(queryString), ApiRoutes.tools);
    }
    // The other reads take no parameter: a query string (`?partenaire=` on a sheet, credentials…) is the route's.
    if (mark !== -1 || credentials) return undefined;
    if (path === ApiRoutes.filters) return this.found(this.reads.keptFilters(), ApiRoutes.filters);
    if (path === ApiRoutes.toolsFeatured) return this.found(this.reads.keptFeatured(), ApiRoutes.toolsFeatured);
    if (isToolSheetPath(path)) {
      let idOrSlug: string;
      try {
        idOrSlug = decodeURIComponent(path.slice(7));
      } catch {
        return undefined; // a malformed escape: the route answers it
      }
      return this.found(this.reads.keptSheet(idOrSlug, acceptsGzip(req.headers['accept-encoding'])), ApiRoutePatterns.toolSheet);
    }
    return undefined;
  }

  /**
   * A member's listing (docs/product/rules.md#R843), when the session cache vouches for the
   * credentials in the headers and the address given with them, if any, is the session's; the
   * member is then what the session guard would have made of them. Anything else goes to the
   * route: an unknown or forgotten token (logged out, password changed, revoked), an admin, a
   * query string not validated yet.
   */
  private memberListing(queryString: string, credentials: { token: string; email?: string }): FrontAnswer | Promise<FrontAnswer> | undefined {
    if (credentials.token.length > 200) return undefined;
    const session = this.sessions.believed(credentials.token);
    if (!session || session.isAdmin) return undefined;
    if (credentials.email && credentials.email.toLowerCase() !== session.email) return undefined;
    const member: AuthUser = { id: session.userId, email: session.email, isAdmin: false, sessionId: session.sessionId };
    const reply = this.reads.memberListing(queryString, member);
    if (reply === undefined) return undefined;
    if (reply instanceof Promise) return reply.then((built) => ({ reply: built, route: ApiRoutes.tools, user: member }));
    return { reply, route: ApiRoutes.tools, user: member };
  }

  private found(reply: FrontAnswer['reply'] | undefined, route: string): FrontAnswer | undefined {
    return reply ? { reply, route } : undefined;
  }
}
