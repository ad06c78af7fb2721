import { Inject, Injectable } from '@nestjs/common';
import { ApiRoutes, isNotFoundPage, sheetIdentifierOf } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { parseId } from '../../common/validation/patterns';
import {
  defaultHead, homeHead, listingHead, PageHead, renderHead, renderRobots, renderSitemap, renderSitemapIndex, SeoSite, SITEMAP_PAGE_SIZE, toolHead,
} from './seo-documents';
import { SeoRepository, SeoToolRow } from './seo.repository';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,158}[a-z0-9])?$/;

/** A sitemap answer: a `<urlset>`, a `<sitemapindex>`, or nothing for a page past the end. */
export type SitemapDocument = { xml: string } | null;

/** The previews, sitemap and robots.txt of the site (docs/product/rules.md#R400–R403). */
@Injectable()
export class SeoService {
  constructor(
    private readonly seo: SeoRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get site(): SeoSite {
    return { webUrl: this.config.urls.web, publisherName: this.config.publisher.name };
  }

  /** The `<head>` tags of the page at `path` (no query string): a sheet, the listing, the home page or the defaults. */
  async head(path: string): Promise<string> {
    const head = await this.pageHead(path);
    return renderHead({ ...head, preconnect: this.config.urls.api });
  }

  /**
   * False for a path the web app has no page for and for a sheet's path naming no tool
   * (docs/product/rules.md#R800): the app's route table and a sheet's three paths are the shared
   * WebPagePaths (docs/product/rules.md#R90).
   */
  async pageExists(path: string): Promise<boolean> {
    const clean = path.split(/[?#]/)[0];
    if (isNotFoundPage(clean)) return false;
    const sheet = sheetIdentifierOf(clean);
    return sheet === null || (await this.findTool(decodeSegment(sheet))) !== null;
  }

  private async pageHead(path: string): Promise<PageHead> {
    const clean = path.split(/[?#]/)[0];
    if (clean === '/' || clean === '') return homeHead(this.site);
    if (clean === '/toolspage' || clean === '/toolspage/') return listingHead(this.site);
    const sheet = sheetIdentifierOf(clean);
    if (sheet !== null) {
      const row = await this.findTool(decodeSegment(sheet));
      if (!row) return defaultHead(this.site, { noindex: true });
      const tool = this.toSeoTool(row);
      return { ...toolHead(this.site, tool), preloadImage: tool.imageUrl };
    }
    // The app's 404 page is not one to index (docs/product/rules.md#R800).
    return defaultHead(this.site, { noindex: isNotFoundPage(clean) });
  }

  /** Page 0 (no page asked): every tool when they fit in one file, else the index of the files. */
  async sitemap(page: number | null): Promise<SitemapDocument> {
    const total = await this.seo.countTools();
    const pages = Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE));
    if (page === null && pages > 1) return { xml: renderSitemapIndex(this.site, pages) };
    const n = page ?? 1;
    if (n > pages) return null;
    const tools = await this.seo.sitemapPage((n - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
    return { xml: renderSitemap(this.site, tools, { withPages: n === 1 }) };
  }

  robots(): string {
    return renderRobots(this.site);
  }

  private async findTool(identifier: string): Promise<SeoToolRow | null> {
    if (/^\d+$/.test(identifier)) {
      const id = parseId(identifier);
      return id === null ? null : this.seo.toolById(id);
    }
    if (!SLUG.test(identifier)) return null;
    return (await this.seo.toolBySlug(identifier)) ?? (await this.seo.toolByFormerSlug(identifier));
  }

  private toSeoTool(row: SeoToolRow) {
    return {
      slug: row.slug, name: row.name, description: row.description, typeName: row.type_name, categoryName: row.category_name,
      fileMime: row.file_mime, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at),
      imageUrl: row.image_id ? `${this.config.urls.api}${ApiRoutes.toolImage(row.image_id)}` : null,
    };
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
