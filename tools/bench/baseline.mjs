// @ts-check
// The bench's BASELINE: a bare node:http + pg server that answers the catalogue listing (and the
// sheet by slug) with the same SQL and the same JSON shape as the API, and nothing else (no
// framework, validation pipe, guards, logging, helmet…). The bench divides the API's throughput
// by this one's, measured in the same run, which holds on a noisy machine.
//
// The SQL is the API's: lib/listing-sql.mjs (ToolsRepository.list) and copies of
// tools.repository.ts (findBySlug, imagesOf, favoriteIds), taxonomy.repository.ts (existing*Ids)
// and auth/sessions.repository.ts (findActive); the bench checks at start-up that both servers
// answer the same JSON.
//
// Environment: DATABASE_URL, PORT, API_URL (origin of image URLs), DATABASE_POOL_SIZE (10).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { listingSql, TOOL_COLUMNS, TOOL_FROM } from './lib/listing-sql.mjs';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  connectionTimeoutMillis: 5000,
  statement_timeout: 15000,
});
const apiUrl = (process.env.API_URL ?? '').replace(/\/$/, '');
const PAGE_SIZE = 12;
const totals = new Map();

/** @returns {Promise<any>} */
const query = (/** @type {string} */ sql, /** @type {unknown[]} */ params = []) => pool.query(sql, params).then((r) => r.rows);

async function caller(req) {
  const token = req.headers.usertoken;
  if (!token) return undefined;
  const rows = await query(
    `SELECT s.id AS session_id, u.id AS user_id, u.email, u.is_admin,
            s.last_used_at < now() - interval '1 minute' AS stale
       FROM auth_session s JOIN app_user u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND u.activated_at IS NOT NULL`,
    [createHash('sha256').update(token, 'utf8').digest('hex')],
  );
  return rows[0] ? { id: rows[0].user_id, isAdmin: rows[0].is_admin } : undefined;
}

function toTool(row, images, isFavorite, withDownloadCount) {
  const tool = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    goal: row.goal,
    people: row.people,
    duration: row.duration === null ? null : Number(row.duration),
    type: { id: row.type_id, name: row.type_name },
    category: { id: row.category_id, name: row.category_name },
    difficulty: row.difficulty,
    createdAt: new Date(row.created_at).toISOString(),
    isFavorite,
    images: images.map((image) => ({ id: image.id, src: `${apiUrl}/tools/images/${encodeURIComponent(image.id)}` })),
    isFeatured: row.is_featured,
  };
  if (withDownloadCount) tool.downloadCount = row.download_count;
  return tool;
}

async function present(rows, user, withDownloadCount) {
  const ids = rows.map((r) => r.id);
  const [images, favorites] = await Promise.all([
    ids.length ? query(`SELECT id, tool_id FROM tool_image WHERE tool_id = ANY($1::int[]) ORDER BY tool_id, position, created_at`, [ids]) : [],
    user && ids.length ? query(`SELECT tool_id FROM favorite WHERE user_id = $1 AND tool_id = ANY($2::int[])`, [user.id, ids]) : [],
  ]);
  const fav = new Set(favorites.map((f) => f.tool_id));
  return rows.map((row) => toTool(row, images.filter((i) => i.tool_id === row.id), fav.has(row.id), withDownloadCount));
}

const all = (params, name) => [...params.getAll(name), ...params.getAll(`${name}[]`)];

async function list(params, user) {
  const page = Number(params.get('page') ?? 1) || 1;
  const max = params.get('max') ? Number(params.get('max')) : undefined;
  const categories = all(params, 'categories').map(Number);
  const types = all(params, 'types').map(Number);
  const difficulties = all(params, 'difficulties');
  const q = params.get('q') || undefined;
  const onlyFavorites = params.get('onlyFavorites') === 'true';
  if (onlyFavorites && !user) return [401, { message: 'Connexion requise.' }];
  if (max !== undefined && !user?.isAdmin) return [403, { message: 'Accès refusé.' }];
  if (categories.length) await query(`SELECT id FROM category WHERE id = ANY($1::int[])`, [categories]);
  if (types.length) await query(`SELECT id FROM tool_type WHERE id = ANY($1::int[])`, [types]);

  const limit = max ?? PAGE_SIZE;
  const sql = listingSql({ categories, types, difficulties, favoritesOf: onlyFavorites ? user?.id : undefined, search: q, limit, offset: (page - 1) * limit });
  // What-if (`cachedTotal=1`, baseline only): the total read from a 30 s in-process cache, to show
  // what the per-request count(*) costs.
  const countKey = params.get('cachedTotal') === '1' ? `${sql.countSql}|${JSON.stringify(sql.countParams)}` : null;
  const cached = countKey && totals.get(countKey);
  const [rows, [{ total }]] = await Promise.all([
    query(sql.pageSql, sql.params),
    cached && cached.at > Date.now() - 30_000 ? [{ total: cached.total }] : query(sql.countSql, sql.countParams),
  ]);
  if (countKey && !cached) totals.set(countKey, { total, at: Date.now() });
  const tools = await present(rows, user, max !== undefined);
  return [200, { tools, page, lastPage: Math.max(1, Math.ceil(total / limit)), total }];
}

async function filters() {
  const [categories, types] = await Promise.all([
    query(`SELECT id, name FROM category ORDER BY position, id`),
    query(`SELECT id, name FROM tool_type ORDER BY position, id`),
  ]);
  return [200, { categories, types, difficulties: ['Simple', 'Moyen', 'Complexe'].map((d) => ({ id: d, name: d })) }];
}

async function featured(user) {
  let rows = await query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE t.is_featured ORDER BY t.created_at DESC, t.id DESC LIMIT 1`);
  if (!rows[0]) rows = await query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} ORDER BY t.created_at DESC, t.id DESC LIMIT 1`);
  return [200, { tool: rows[0] ? (await present(rows, user, false))[0] : null }];
}

async function sheet(idOrSlug, user) {
  const byId = /^\d+$/.test(idOrSlug);
  const rows = await query(`SELECT ${TOOL_COLUMNS} FROM ${TOOL_FROM} WHERE ${byId ? 't.id = $1' : 't.slug = $1'}`, [byId ? Number(idOrSlug) : idOrSlug]);
  if (!rows[0]) return [404, { message: 'Outil introuvable.' }];
  return [200, { tool: (await present(rows, user, false))[0] }];
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://baseline');
    const user = await caller(req);
    /** @type {any[]} */
    let out;
    if (url.pathname === '/api/tools') out = await list(url.searchParams, user);
    else if (url.pathname === '/api/filters') out = await filters();
    else if (url.pathname === '/api/tools/featured') out = await featured(user);
    else if (url.pathname.startsWith('/tools/')) out = await sheet(decodeURIComponent(url.pathname.slice(7)), user);
    else out = [404, { message: 'Introuvable.' }];
    const body = JSON.stringify(out[1]);
    res.writeHead(out[0], { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: String(error?.message ?? error) }));
  }
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`baseline listening on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
