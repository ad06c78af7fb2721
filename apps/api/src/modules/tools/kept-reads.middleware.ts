import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiRoutePatterns, ApiRoutes, PARTNER_ATTRIBUTION_PARAM } from '@outils/contracts';
import { extractCredentials } from '../../common/auth/credentials';
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
 * current one of the catalogue. Anything else — a member, a first query, a sheet opened through a
 * partner's link, a changed catalogue — goes on to the route as before.
 */
@Injectable()
export class KeptReadsMiddleware implements NestMiddleware {
  constructor(private readonly reads: PublicReadsService) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const answered = req.method === 'GET' || req.method === 'HEAD' ? this.keptAnswer(req) : undefined;
    if (!answered) return next();
    // What the router would have noted: the request line's and the metrics' route label.
    (req as { route?: unknown }).route = { path: answered.route };
    sendJsonReply(req, res, answered.reply);
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
