// The bench's BASELINE (tools/bench/baseline.mjs starts it): a bare node:http + pg server that
// answers the catalogue's public reads (listing, filters, tool of the month, sheet) with the API's
// own code for the work itself — its repositories' SQL (the listing builder `listingQueries`, the
// counts, the search plan), its listing criteria and its mapper `toTool` — and nothing else (no
// framework, validation pipe, guards, logging, helmet, read model…). The bench divides the API's
// throughput by this one's, measured in the same run, and stops when the two answer different
// bodies (run.mjs): the ratio then compares equal work.
import { createHash } from 'node:crypto';
import { createServer, IncomingMessage } from 'node:http';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { CatalogueMessages, DIFFICULTIES, LISTING_SORTS, type Difficulty, type Tool } from '@outils/contracts';
import type { AuthUser } from '../../../apps/api/src/common/auth/auth-user';
import { DomainError } from '../../../apps/api/src/common/errors/domain-error';
import { lastPageOf, listingCriteria, listingSpec } from '../../../apps/api/src/modules/tools/listing/listing-spec';
import { ToolSearchService } from '../../../apps/api/src/modules/tools/search/tool-search.service';
import { TaxonomyRepository } from '../../../apps/api/src/modules/tools/taxonomy.repository';
import { toTool } from '../../../apps/api/src/modules/tools/tool.mapper';
import { ListingCriteria, listingQueries, ToolRow, ToolsRepository } from '../../../apps/api/src/modules/tools/tools.repository';
import type { ToolsQueryDto } from '../../../apps/api/src/modules/tools/dto/tools-query.dto';

type Answer = [status: number, body: unknown];

/** The caller of the statements the report explains: an admin, whom every listing query is allowed. */
const EXPLAINING_ADMIN: AuthUser = { id: '00000000-0000-4000-8000-000000000000', email: 'bench@example.com', isAdmin: true, sessionId: 'bench' };
type Caller = AuthUser | undefined;

/**
 * The API's repositories over a bare pg pool: they only call `query` (and `transaction`, for a
 * search's matches, which the listing does not use), so a pool stands in for TypeORM's DataSource.
 */
interface Queries {
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
}

function dataSourceOver(pool: Pool): DataSource {
  const source = {
    query: async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows,
    transaction: async <T>(work: (manager: Queries) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await work({ query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows });
        await client.query('COMMIT');
        return out;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return source as unknown as DataSource;
}

/** The listing's query string as the API reads it, without its validation (the baseline trusts the bench). */
function listingQuery(params: URLSearchParams): ToolsQueryDto {
  const all = (name: string) => [...params.getAll(name), ...params.getAll(`${name}[]`)];
  const sort = params.get('sort');
  return {
    page: Number(params.get('page') ?? 1) || 1,
    categories: all('categories').map(Number),
    types: all('types').map(Number),
    difficulties: all('difficulties') as Difficulty[],
    onlyFavorites: params.get('onlyFavorites') === 'true',
    accessibleOnly: params.get('accessibleOnly') === 'true',
    max: params.get('max') ? Number(params.get('max')) : undefined,
    q: params.get('q') || undefined,
    sort: sort && (LISTING_SORTS as readonly string[]).includes(sort) ? (sort as ToolsQueryDto['sort']) : undefined,
  };
}

/** The catalogue's public reads, as the API's code does them, on `pool`; image URLs on `apiUrl`. */
export function catalogueReads(pool: Pool, apiUrl: string) {
  const source = dataSourceOver(pool);
  const sql = <T>(text: string, params: unknown[]) => source.query(text, params) as Promise<T[]>;
  const tools = new ToolsRepository(source);
  const taxonomy = new TaxonomyRepository(source);
  const search = new ToolSearchService(tools);
  const totals = new Map<string, { total: number; at: number }>();

  const present = async (rows: ToolRow[], user: Caller, withDownloadCount: boolean): Promise<Tool[]> => {
    const ids = rows.map((r) => r.id);
    const [images, favorites] = await Promise.all([tools.imagesOf(ids), user ? tools.favoriteIds(user.id, ids) : new Set<number>()]);
    return rows.map((row) => toTool(row, { apiUrl, images: images.filter((i) => i.tool_id === row.id), isFavorite: favorites.has(row.id), withDownloadCount }));
  };

  /** The criteria of a listing query (its guards passed, its search planned), as the API builds them. */
  const criteriaOf = async (query: ToolsQueryDto, user: Caller): Promise<ListingCriteria> =>
    listingCriteria(listingSpec(query, user), await search.plan(query.q));

  return {
    /** The two statements of a listing, for EXPLAIN (run.mjs), as an admin asks them (the admin listing included). */
    async listingStatements(params: URLSearchParams) {
      return listingQueries(await criteriaOf(listingQuery(params), EXPLAINING_ADMIN));
    },

    async list(params: URLSearchParams, user: Caller): Promise<Answer> {
      const query = listingQuery(params);
      // The API's guards (401, 403), as the API answers them.
      try {
        listingSpec(query, user);
      } catch (error) {
        if (error instanceof DomainError) return [error.status, error.body()];
        throw error;
      }
      await Promise.all([taxonomy.existingCategoryIds(query.categories), taxonomy.existingTypeIds(query.types)]);
      const criteria = await criteriaOf(query, user);
      const { pageSql, pageParams, countSql, countParams } = listingQueries(criteria);
      // What-if (`cachedTotal=1`, baseline only): the total read from a 30 s in-process cache, to
      // show what the per-request count(*) costs.
      const countKey = params.get('cachedTotal') === '1' ? `${countSql}|${JSON.stringify(countParams)}` : null;
      const cached = countKey ? totals.get(countKey) : undefined;
      const [rows, total, facets] = await Promise.all([
        sql<ToolRow>(pageSql, pageParams),
        cached && cached.at > Date.now() - 30_000 ? cached.total : sql<{ total: number }>(countSql, countParams).then((r) => r[0].total),
        tools.facets(criteria),
      ]);
      if (countKey && !cached) totals.set(countKey, { total, at: Date.now() });
      const lastPage = lastPageOf(total, criteria.limit);
      return [200, { tools: await present(rows, user, query.max !== undefined), page: query.page, lastPage, total, facets }];
    },

    async filters(): Promise<Answer> {
      const [categories, types] = await Promise.all([taxonomy.categories(), taxonomy.types()]);
      return [200, { categories, types, difficulties: DIFFICULTIES.map((d) => ({ id: d, name: d })) }];
    },

    async featured(user: Caller): Promise<Answer> {
      const row = await tools.findFeatured();
      return [200, { tool: row ? (await present([row], user, false))[0] : null }];
    },

    async sheet(idOrSlug: string, user: Caller): Promise<Answer> {
      const row = /^\d+$/.test(idOrSlug) ? await tools.findById(Number(idOrSlug)) : await tools.findBySlug(idOrSlug);
      if (!row) return [404, { message: CatalogueMessages.toolNotFound }];
      return [200, { tool: (await present([row], user, false))[0] }];
    },
  };
}

/** The member or admin behind a `usertoken` header (the API's session lookup, without its guard). */
async function callerOf(pool: Pool, req: IncomingMessage): Promise<Caller> {
  const token = req.headers.usertoken;
  if (typeof token !== 'string' || !token) return undefined;
  const { rows } = await pool.query(
    `SELECT s.id AS session_id, u.id, u.email, u.is_admin FROM auth_session s JOIN app_user u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND u.activated_at IS NOT NULL`,
    [createHash('sha256').update(token, 'utf8').digest('hex')],
  );
  return rows[0] ? { id: rows[0].id, email: rows[0].email, isAdmin: rows[0].is_admin, sessionId: rows[0].session_id } : undefined;
}

/** Serves the reads on 127.0.0.1:port. Environment: DATABASE_URL, PORT, API_URL (origin of image URLs), DATABASE_POOL_SIZE (10). */
export function main(env: NodeJS.ProcessEnv = process.env): void {
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: Number(env.DATABASE_POOL_SIZE ?? 10), connectionTimeoutMillis: 5000, statement_timeout: 15000 });
  const reads = catalogueReads(pool, (env.API_URL ?? '').replace(/\/$/, ''));
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://baseline');
      const user = await callerOf(pool, req);
      const [status, body]: Answer =
        url.pathname === '/api/tools' ? await reads.list(url.searchParams, user)
        : url.pathname === '/api/filters' ? await reads.filters()
        : url.pathname === '/api/tools/featured' ? await reads.featured(user)
        : url.pathname.startsWith('/tools/') ? await reads.sheet(decodeURIComponent(url.pathname.slice(7)), user)
        : [404, { message: 'Introuvable.' }];
      const text = JSON.stringify(body);
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String((error as Error)?.message ?? error) }));
    }
  });
  server.keepAliveTimeout = 5000;
  server.listen(Number(env.PORT), '127.0.0.1', () => console.log(`baseline listening on ${env.PORT}`));
  process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}
