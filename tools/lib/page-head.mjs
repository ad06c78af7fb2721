// @ts-check
// The web server's side of previews without JavaScript (docs/product/rules.md#R400): the built
// index.html has its default <head> tags between two markers; the server replaces them by the
// page's own tags, which it asks the API for (`GET /api/seo/head?path=`), keeps each answer a
// minute, and falls back to the defaults when the API does not answer in time.

/** The markers of apps/web/index.html (kept by Vite as they are). */
export const HEAD_BLOCK_START = '<!-- outils:head -->';
export const HEAD_BLOCK_END = '<!-- /outils:head -->';

const HEAD_TTL_MS = 60_000;
const FAILURE_TTL_MS = 5_000;
const DOCUMENT_TTL_MS = 300_000;
const MAX_ENTRIES = 2_000;
const TIMEOUT_MS = 2_000;
const PATH_MAX = 512;

/**
 * index.html cut around the head block: `before` + tags + `after` is the page; `defaults` are the
 * tags of the block (the site's own), used when the API cannot say better.
 * @param {string} html
 */
export function splitIndexHtml(html) {
  const start = html.indexOf(HEAD_BLOCK_START);
  const end = html.indexOf(HEAD_BLOCK_END, start);
  if (start < 0 || end < 0) return { before: html, defaults: '', after: '' };
  return {
    before: html.slice(0, start),
    defaults: html.slice(start + HEAD_BLOCK_START.length, end).trim(),
    after: html.slice(end + HEAD_BLOCK_END.length),
  };
}

/**
 * A small time-limited cache: at most `maxEntries` keys (the oldest dropped first), one request in
 * flight per key. `load` must not reject: it says how long its value holds.
 * @template T
 */
export class TtlCache {
  constructor(maxEntries = MAX_ENTRIES) {
    this.maxEntries = maxEntries;
    /** @type {Map<string, { value: Promise<T>, expires: number }>} */
    this.entries = new Map();
  }

  /** @param {string} key @param {() => Promise<{ value: T, ttl: number }>} load @returns {Promise<T>} */
  get(key, load) {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(/** @type {string} */ (this.entries.keys().next().value));
    const entry = { value: /** @type {Promise<T>} */ (/** @type {unknown} */ (null)), expires: Number.POSITIVE_INFINITY };
    entry.value = load().then(({ value, ttl }) => {
      entry.expires = Date.now() + ttl;
      return value;
    });
    this.entries.set(key, entry);
    return entry.value;
  }
}

/** @param {string} url */
async function fetchText(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'text/html, application/xml, text/plain' } });
  return { status: res.status, type: res.headers.get('content-type') ?? 'text/plain', body: await res.text() };
}

/**
 * The head tags of each page path, from the API at `apiUrl`.
 * @param {string} apiUrl
 */
export function pageHeads(apiUrl) {
  /** @type {TtlCache<string | null>} */
  const cache = new TtlCache();
  return {
    /** @param {string} path @param {string} defaults @returns {Promise<string>} */
    async get(path, defaults) {
      if (path.length > PATH_MAX) return defaults;
      const head = await cache.get(path, async () => {
        try {
          const res = await fetchText(`${apiUrl}/api/seo/head?path=${encodeURIComponent(path)}`);
          if (res.status === 200 && res.body.includes('<title>')) return { value: res.body.trim(), ttl: HEAD_TTL_MS };
        } catch {
          // The API is down or slow: the page still works with the site's defaults.
        }
        return { value: null, ttl: FAILURE_TTL_MS };
      });
      return head ?? defaults;
    },
  };
}

/**
 * The paths that may name a tool (docs/product/rules.md#R90): only these can be unknown pages.
 */
export const SHEET_PATH = /^\/(?:toolspage(?:\/details)?|tools)\/[^/]+\/?$/;

/**
 * The HTTP status of each page path (docs/product/rules.md#R701): 404 for a sheet naming no tool,
 * as the API says (`GET /api/seo/page-status?path=`), kept a minute; 200 for any other path, and
 * when the API does not answer (the app then shows what it finds).
 * @param {string} apiUrl
 */
export function pageStatuses(apiUrl) {
  /** @type {TtlCache<number>} */
  const cache = new TtlCache();
  return {
    /** @param {string} path @returns {Promise<number>} */
    async get(path) {
      if (path.length > PATH_MAX || !SHEET_PATH.test(path)) return 200;
      return cache.get(path, async () => {
        try {
          const res = await fetch(`${apiUrl}/api/seo/page-status?path=${encodeURIComponent(path)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
          await res.arrayBuffer();
          if (res.status === 404) return { value: 404, ttl: HEAD_TTL_MS };
          if (res.status < 300) return { value: 200, ttl: HEAD_TTL_MS };
        } catch {
          // below
        }
        return { value: 200, ttl: FAILURE_TTL_MS };
      });
    },
  };
}

/**
 * /sitemap.xml and /robots.txt as the API writes them, kept five minutes.
 * @param {string} apiUrl
 */
export function apiDocuments(apiUrl) {
  /** @type {TtlCache<{ status: number, type: string, body: string }>} */
  const cache = new TtlCache();
  return {
    /** @param {string} apiPath @param {string | null} page */
    get(apiPath, page) {
      const query = page === null ? '' : `?page=${encodeURIComponent(page.slice(0, 20))}`;
      return cache.get(apiPath + query, async () => {
        try {
          const res = await fetchText(`${apiUrl}${apiPath}${query}`);
          if (res.status < 500) return { value: res, ttl: res.status === 200 ? DOCUMENT_TTL_MS : FAILURE_TTL_MS };
        } catch {
          // below
        }
        return { value: { status: 503, type: 'text/plain; charset=utf-8', body: 'Service momentanément indisponible' }, ttl: FAILURE_TTL_MS };
      });
    },
  };
}
