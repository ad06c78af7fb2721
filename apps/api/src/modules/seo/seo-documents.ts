import { TOOL_IMAGE_SIZES, toolImageSrcSet, WebRoutes } from '@outils/contracts';

/**
 * What a client without JavaScript (a search engine, a link preview) reads of a page: the `<head>`
 * tags, the sitemap and robots.txt, as text. Pure functions; every value that comes from the
 * catalogue is escaped here (docs/product/rules.md#R401): attribute and text values as HTML, the
 * JSON-LD so that it can never close its `<script>` element.
 */

export const SITE_NAME = 'Outils';
export const HOME_TITLE = 'Outils — la bibliothèque la plus cool pour digitaliser son activité soi-même';
export const HOME_DESCRIPTION =
  'Diagnostics, checklists, modèles, kits et infographies gratuits pour aider les TPE et PME à structurer leurs projets informatiques et digitaliser leur activité elles-mêmes.';
export const LISTING_TITLE = 'Explorez les outils pour digitaliser votre activité vous-même';
export const LISTING_DESCRIPTION =
  'Tous les outils gratuits d’Outils : diagnostics, checklists, modèles, kits et infographies, à filtrer par sujet, type et difficulté.';
/** The longest meta description written (search engines cut around 160 characters). */
const DESCRIPTION_MAX = 200;
/** At most this many URLs per sitemap file (the protocol allows 50 000). */
export const SITEMAP_PAGE_SIZE = 45_000;

/** One tool as the preview needs it. */
export interface SeoTool {
  slug: string;
  name: string;
  description: string;
  typeName: string;
  categoryName: string;
  fileMime: string;
  createdAt: Date;
  updatedAt: Date;
  /** Absolute URL of its first image, if it has one. */
  imageUrl: string | null;
}

export interface SeoSite {
  /** Site origin, no trailing slash (WEB_URL). */
  webUrl: string;
  publisherName: string;
}

/** What the head of one page says. */
export interface PageHead {
  title: string;
  description: string;
  canonical: string | null;
  image: string;
  type: 'website' | 'article';
  jsonLd: Record<string, unknown> | null;
  noindex: boolean;
  /** The API origin: the browser opens its connection before the app asks (docs/product/rules.md#R421). */
  preconnect?: string;
  /** The page's largest image, fetched first (docs/product/rules.md#R421). */
  preloadImage?: string | null;
}

/** `&`, `<`, `>`, `"` and `'` as entities: safe in text and in a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON for a `<script type="application/ld+json">`: no `<`, `>`, `&` or line separators left raw. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One line, at most DESCRIPTION_MAX characters, cut on a word with an ellipsis. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

const publisher = (site: SeoSite) => ({ '@type': 'Organization', name: site.publisherName, url: `${site.webUrl}/` });
const defaultImage = (site: SeoSite) => `${site.webUrl}/images/og-image.png`;

export function homeHead(site: SeoSite): PageHead {
  return {
    title: HOME_TITLE, description: HOME_DESCRIPTION, canonical: `${site.webUrl}/`, image: defaultImage(site), type: 'website', noindex: false,
    jsonLd: {
      '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${site.webUrl}/`, inLanguage: 'fr-FR', description: HOME_DESCRIPTION,
      publisher: publisher(site),
      potentialAction: { '@type': 'SearchAction', target: `${site.webUrl}${WebRoutes.tools}?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
    },
  };
}

export function listingHead(site: SeoSite): PageHead {
  const url = `${site.webUrl}${WebRoutes.tools}`;
  return {
    title: LISTING_TITLE, description: LISTING_DESCRIPTION, canonical: url, image: defaultImage(site), type: 'website', noindex: false,
    jsonLd: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: LISTING_TITLE, url, inLanguage: 'fr-FR', description: LISTING_DESCRIPTION, publisher: publisher(site) },
  };
}

/** A tool sheet: its name, description, image and a schema.org DigitalDocument (docs/product/rules.md#R400). */
export function toolHead(site: SeoSite, tool: SeoTool): PageHead {
  const url = `${site.webUrl}${WebRoutes.toolBySlug(tool.slug)}`;
  const description = shortDescription(tool.description);
  return {
    title: `${tool.name} — ${SITE_NAME}`, description, canonical: url, image: tool.imageUrl ?? defaultImage(site), type: 'article', noindex: false,
    jsonLd: {
      '@context': 'https://schema.org', '@type': 'DigitalDocument', name: tool.name, description, url,
      ...(tool.imageUrl ? { image: tool.imageUrl } : {}),
      datePublished: tool.createdAt.toISOString(), dateModified: tool.updatedAt.toISOString(),
      encodingFormat: tool.fileMime, genre: tool.typeName, about: tool.categoryName, inLanguage: 'fr-FR', isAccessibleForFree: true,
      publisher: publisher(site),
    },
  };
}

/** Any other page: the site's own tags; an unknown tool is kept out of the index. */
export function defaultHead(site: SeoSite, { noindex = false } = {}): PageHead {
  return { ...homeHead(site), canonical: null, jsonLd: null, noindex };
}

/** The tags, one per line, each marked `data-static-meta` (the app removes them once it runs) but the title. */
export function renderHead(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta data-static-meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : null,
    head.canonical ? `<link data-static-meta rel="canonical" href="${escapeHtml(head.canonical)}" />` : null,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : null,
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    // Two connections: the app's calls are CORS requests, images are not, and browsers keep them apart.
    head.preconnect ? `<link data-static-meta rel="preconnect" href="${escapeHtml(head.preconnect)}" crossorigin />` : null,
    head.preconnect ? `<link data-static-meta rel="preconnect" href="${escapeHtml(head.preconnect)}" />` : null,
    head.preloadImage ? preloadImage(head.preloadImage) : null,
    head.jsonLd ? `<script data-static-meta type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n    ');
}

/**
 * The sheet's first image, preloaded as the gallery will ask for it: the same `srcset` and `sizes`,
 * so that the browser fetches one copy, of the size it draws (docs/product/rules.md#R421, #R700).
 */
function preloadImage(src: string): string {
  const copies = /\/tools\/images\/[^/?#]+$/.test(src)
    ? ` imagesrcset="${escapeHtml(toolImageSrcSet(src))}" imagesizes="${escapeHtml(TOOL_IMAGE_SIZES.gallery)}"`
    : '';
  return `<link data-static-meta rel="preload" as="image" href="${escapeHtml(src)}"${copies} fetchpriority="high" />`;
}

const xml = (value: string) => escapeHtml(value);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** A `<urlset>`: the public pages (first file only) and one URL per tool with its `lastmod`. */
export function renderSitemap(site: SeoSite, tools: Array<{ slug: string; updatedAt: Date }>, { withPages }: { withPages: boolean }): string {
  const urls: string[] = [];
  if (withPages) {
    for (const path of [WebRoutes.home, WebRoutes.tools, WebRoutes.about, WebRoutes.cgu, WebRoutes.privacy, WebRoutes.legalNotice, WebRoutes.accessibility]) {
      urls.push(`<url><loc>${xml(`${site.webUrl}${path}`)}</loc></url>`);
    }
  }
  for (const tool of tools) urls.push(`<url><loc>${xml(`${site.webUrl}${WebRoutes.toolBySlug(tool.slug)}`)}</loc><lastmod>${day(tool.updatedAt)}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of `pages` files `/sitemap.xml?page=N`. */
export function renderSitemapIndex(site: SeoSite, pages: number): string {
  const entries = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${xml(`${site.webUrl}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Private pages stay out of search engines; the sitemap is named (docs/product/rules.md#R403). */
export function renderRobots(site: SeoSite): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /login',
    'Disallow: /notallowed',
    'Disallow: /toolspage/favorites',
    'Disallow: /toolspage/folders',
    'Disallow: /dossiers/',
    '',
    `Sitemap: ${site.webUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
