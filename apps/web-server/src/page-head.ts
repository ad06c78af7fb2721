import { HEAD_BLOCK_END, HEAD_BLOCK_START, OpenCatalogue } from '@outils/contracts';
import { fetchApiText, type ApiText } from './api-client';
import { TtlCache } from './ttl-cache';

// The web server's side of previews without JavaScript (docs/product/rules.md#R400): the built
// index.html has its default <head> tags between two markers; the server replaces them by the
// page's own tags, which it asks the API for (`GET /api/seo/head?path=`), keeps each answer a
// minute, and falls back to the defaults when the API does not answer in time.

const HEAD_TTL_MS = 60_000;
const FAILURE_TTL_MS = 5_000;
const DOCUMENT_TTL_MS = 300_000;
/** Longer paths are no page of the API's (a slug is at most 160 characters): the defaults, without asking. */
export const PATH_MAX = 512;

/** index.html cut around the head block: `before` + tags + `after` is the page. */
export interface IndexHtml {
  before: string;
  /** The tags of the block (the site's own), used when the API cannot say better. */
  defaults: string;
  after: string;
}

/** Every page names the open catalogue for harvesters, in JSON-LD and in Turtle (docs/product/rules.md#R991, #R1003). */
export const CATALOGUE_LINK = `<link rel="alternate" type="application/ld+json" href="${OpenCatalogue.webPath}" title="Catalogue ouvert (DCAT-AP)" />
<link rel="alternate" type="text/turtle" href="${OpenCatalogue.turtlePath}" title="Catalogue ouvert (DCAT-AP, Turtle)" />`;

export function splitIndexHtml(html: string): IndexHtml {
  const start = html.indexOf(HEAD_BLOCK_START);
  const end = html.indexOf(HEAD_BLOCK_END, start);
  if (start < 0 || end < 0) return { before: html, defaults: '', after: '' };
  return {
    before: `${html.slice(0, start)}${CATALOGUE_LINK}\n`,
    defaults: html.slice(start + HEAD_BLOCK_START.length, end).trim(),
    after: html.slice(end + HEAD_BLOCK_END.length),
  };
}

const NOINDEX = '<meta data-static-meta name="robots" content="noindex" />';

/**
 * The head of a page answered 404 keeps it out of search engines (docs/product/rules.md#R800),
 * even when the API did not say so (it was away, or the tags are the site's defaults).
 */
export function withNoindex(head: string): string {
  return /name="robots"/.test(head) ? head : `${head}\n${NOINDEX}`;
}

/** The head tags of each page path, from the API at `apiUrl`. */
export function pageHeads(apiUrl: string) {
  const cache = new TtlCache<string | null>();
  /** The page's own tags, or `null` when the API could not say (the defaults then stand in). */
  const lookup = (path: string): Promise<string | null> => {
    if (path.length > PATH_MAX) return Promise.resolve(null);
    return cache.get(path, async () => {
      try {
        const res = await fetchApiText(`${apiUrl}/api/seo/head?path=${encodeURIComponent(path)}`);
        if (res.status === 200 && res.body.includes('<title>')) return { value: res.body.trim(), ttl: HEAD_TTL_MS };
      } catch {
        // The API is down or slow: the page still works with the site's defaults.
      }
      return { value: null, ttl: FAILURE_TTL_MS };
    });
  };
  return {
    lookup,
    async get(path: string, defaults: string): Promise<string> {
      return (await lookup(path)) ?? defaults;
    },
    clear: () => cache.clear(),
  };
}

/** /sitemap.xml and /robots.txt as the API writes them (docs/product/rules.md#R402, #R403), kept five minutes. */
export function apiDocuments(apiUrl: string) {
  const cache = new TtlCache<ApiText>();
  return {
    get(apiPath: string, page: string | null): Promise<ApiText> {
      const query = page === null ? '' : `?page=${encodeURIComponent(page.slice(0, 20))}`;
      return cache.get(apiPath + query, async () => {
        try {
          const res = await fetchApiText(`${apiUrl}${apiPath}${query}`);
          if (res.status < 500) return { value: res, ttl: res.status === 200 ? DOCUMENT_TTL_MS : FAILURE_TTL_MS };
        } catch {
          // below
        }
        return { value: { status: 503, type: 'text/plain; charset=utf-8', body: 'Service momentanément indisponible' }, ttl: FAILURE_TTL_MS };
      });
    },
  };
}
