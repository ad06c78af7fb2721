import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { isServerRenderedPage, type PageReadsWindow } from '@outils/contracts';
import type { CatalogueVersionSource } from './catalogue-version';
import { bodyOf, compressPage, Encoding, etagOf, KeptPage, KeptPages } from './kept-pages';
import { IndexHtml, pageHeads, withNoindex } from './page-head';
import { pageRenders, URL_MAX, withRoot } from './page-render';
import { pageStatuses } from './page-status';
import { networkOf, RenderBudget } from './render-budget';
import { HSTS } from './security-headers';

/** The kept pages' settings (docs/product/rules.md#R889, #R834), from the environment (#R833). */
export interface PageSettings {
  /** Bytes of kept pages at most, all encodings counted. */
  keptBytes: number;
  /** Longest a page is kept even when the catalogue does not change (what no change announces: the download order, the kits). */
  keptMaxAgeMs: number;
  /** New pages one network may have rendered per minute. */
  rendersPerNetworkPerMinute: number;
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = { keptBytes: 64 * 1024 * 1024, keptMaxAgeMs: 10 * 60_000, rendersPerNetworkPerMinute: 300 };

/** A page rendered while the version is unknown, or with the site's default head, is kept a second (a burst costs one render). */
const UNSURE_TTL_MS = 1_000;
/**
 * After a change of version, the API's answers may still come from a gateway's micro-cache for
 * up to 40 s (docs/product/rules.md#R306: 10 s, then 30 s stale): a page rendered then is kept
 * only until that time has passed, then rendered again.
 */
const SETTLE_MS = 40_000;

/** Headers of a response that belong to one encoding or one request, not to the kept page. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'etag', 'vary', 'strict-transport-security', 'x-request-id']);

const matches = (ifNoneMatch: string | undefined, page: KeptPage) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === page.etag || t === etagOf(page, 'gzip') || t === etagOf(page, 'br');
  });

/** Brotli when the browser takes it, else gzip, else the plain bytes (an encoding with `q=0` is refused). */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  const header = (acceptEncoding ?? '').toLowerCase();
  // What browsers send (`gzip, deflate, br, zstd`): no weights to read.
  if (!header.includes(';')) return header.includes('br') ? 'br' : header.includes('gzip') || header.includes('*') ? 'gzip' : 'identity';
  const taken = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) taken.add(name.trim());
  }
  if (taken.has('br')) return 'br';
  return taken.has('gzip') || taken.has('*') ? 'gzip' : 'identity';
}

/** Express's `trust proxy` as compiled (`app.get('trust proxy fn')`): whether a hop's address is believed. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Whether the page came over HTTPS, as Express's `req.secure` says it (X-Forwarded-Proto from a trusted proxy). */
function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded !== 'string' || !trust(req.socket.remoteAddress ?? '', 0)) return false;
  return forwarded.split(',')[0].trim() === 'https';
}

/**
 * Sends a kept page in the encoding the visitor takes, or 304 when it already has it: one
 * `writeHead`, the bytes as kept, nothing computed but the choice of encoding — and, the first
 * time an encoding is asked for, its compression (docs/product/rules.md#R847), which `made` counts.
 */
function send(req: IncomingMessage, res: ServerResponse, page: KeptPage, trust: TrustProxy, made: (bytes: number) => void): void {
  const encoding = encodingFor(req.headers['accept-encoding']);
  const headers: Record<string, string | number> = { ...page.headers, vary: 'Accept-Encoding', etag: etagOf(page, encoding) };
  // Over HTTPS only, as security-headers.ts decides for every answer (docs/product/rules.md#R187).
  if (isSecure(req, trust)) headers['strict-transport-security'] = HSTS;
  if (matches(req.headers['if-none-match'], page)) {
    res.writeHead(304, headers).end();
    return;
  }
  const write = (body: Buffer, as: Encoding) => {
    if (as !== 'identity') headers['content-encoding'] = as;
    headers.etag = etagOf(page, as);
    headers['content-length'] = body.length;
    res.writeHead(page.status, headers).end(req.method === 'HEAD' ? undefined : body);
  };
  const body = bodyOf(page, encoding, made);
  if (Buffer.isBuffer(body)) write(body, encoding);
  // zlib does not fail on bytes it made itself but for want of memory: the visitor is asked to retry.
  else body.then((ready) => write(ready, encoding), () => res.writeHead(503, { 'retry-after': '1', 'cache-control': 'no-store' }).end());
}

type Heads = ReturnType<typeof pageHeads>;
type Statuses = ReturnType<typeof pageStatuses>;
type Renders = ReturnType<typeof pageRenders>;

/**
 * Every page of the app (docs/product/rules.md#R800, #R400, #R830, #R889): a guest's public page
 * is rendered once per address and catalogue version, then answered from memory, compressed in
 * advance; the other pages (members', forms) are index.html with their head, never kept.
 * - `fromKept`: before the app itself (web-app.ts's `listen`), and `kept`, its first handler: a
 *   kept page goes out at once, before any other work.
 * - `page`: the last one: renders (within the network's budget) or sends the plain page.
 */
export function pageResponses({ index, heads, statuses, renders, versions, settings, trust }: {
  index: IndexHtml; heads: Heads; statuses: Statuses; renders: Renders; versions: CatalogueVersionSource; settings: PageSettings; trust: () => TrustProxy;
}) {
  const store = new KeptPages(settings.keptBytes);
  const budget = new RenderBudget(settings.rendersPerNetworkPerMinute);
  const building = new Map<string, Promise<KeptPage | null>>();
  let seenVersion: string | null = null;
  let readsWindow: PageReadsWindow | null = null;

  /**
   * How long the reads every page shares are reused between renders (docs/product/rules.md#R840):
   * the catalogue version, until a kept page of that version would be rendered again (#R889).
   * A page rendered in the window is kept no longer than the window, so no answer in a kept page
   * is older than a kept page may be.
   */
  const windowFor = (version: string | null, now: number): PageReadsWindow | undefined => {
    if (version === null) return undefined;
    if (!readsWindow || readsWindow.version !== version || readsWindow.until <= now) {
      const settledAt = versions.changedAt() + SETTLE_MS;
      readsWindow = { version, until: settledAt > now ? settledAt : now + settings.keptMaxAgeMs };
    }
    return readsWindow;
  };

  /** The heads and statuses kept a minute may predate a change: forgotten with the pages. */
  const currentVersion = (): string | null => {
    const version = versions.current();
    if (version !== seenVersion) {
      seenVersion = version;
      heads.clear();
      statuses.clear();
    }
    return version;
  };

  const plain = async (req: Request, res: Response) => {
    const [head, status] = await Promise.all([heads.get(req.path, index.defaults), statuses.get(req.path)]);
    res.setHeader('Cache-Control', 'no-cache');
    res.status(status).type('html').send(index.before + (status === 404 ? withNoindex(head) : head) + index.after);
  };

  const build = async (req: Request, res: Response, url: string, version: string | null): Promise<KeptPage | null> => {
    const window = windowFor(version, Date.now());
    const [head, status, root] = await Promise.all([heads.lookup(req.path), statuses.get(req.path), renders.get(url, window)]);
    if (root === null) return null;
    const tags = head ?? index.defaults;
    const parts = [index.before, status === 404 ? withNoindex(tags) : tags, ...withRoot(index.after, root)];
    const now = Date.now();
    const settledAt = versions.changedAt() + SETTLE_MS;
    const sure = settledAt > now ? settledAt : now + settings.keptMaxAgeMs;
    const expires = version === null || head === null || !window ? now + UNSURE_TTL_MS : Math.min(sure, window.until);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    Object.assign(headers, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    // The first encoding is the asker's; the others are made when someone asks for them (#R847).
    const page: KeptPage = { status, headers, version, expires, ...(await compressPage(parts, encodingFor(req.headers['accept-encoding']))) };
    store.set(url, page);
    return page;
  };

  /** Answers with a kept page when there is one for this address and version; false otherwise. */
  const fromKept = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.length > URL_MAX) return false;
    const page = store.get(url, currentVersion());
    if (!page) return false;
    send(req, res, page, trust(), (bytes) => store.grew(url, page, bytes));
    return true;
  };
  const kept: RequestHandler = (req, res, next) => (fromKept(req, res) ? undefined : next());

  const page: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.originalUrl;
    if (req.method === 'HEAD' || url.length > URL_MAX || !isServerRenderedPage(req.path)) return plain(req, res);
    const version = currentVersion();
    const key = `${version}\n${url}`;
    let shared = building.get(key);
    if (!shared) {
      // Only a render costs the network's budget; past it, the plain page (the browser renders it).
      if (!budget.take(networkOf(req.ip))) return plain(req, res);
      shared = build(req, res, url, version).finally(() => building.delete(key));
      building.set(key, shared);
    }
    const built = await shared;
    if (built) send(req, res, built, trust(), (bytes) => store.grew(url, built, bytes));
    else await plain(req, res);
  };

  return { fromKept, kept, page, stats: () => store.stats() };
}
