import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One page as sent, in each encoding, with one strong ETag per encoding (docs/product/rules.md#R832). */
export interface KeptPage {
  status: number;
  /** Headers of the page besides its length, encoding and ETag (security headers, type, caching). */
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The identity body's tag; the others add `-gzip` / `-br` before the closing quote. */
  etag: string;
  /** The catalogue's version it was rendered at (`null`: unknown, kept a second only). */
  version: string | null;
  expires: number;
}

export type Encoding = 'br' | 'gzip' | 'identity';

export const etagOf = (page: KeptPage, encoding: Encoding) => (encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`);

/**
 * The page's three bodies. Compression runs off the main thread (zlib's pool); brotli at quality 5
 * (a few ms for a page, within 10 % of quality 11's size on HTML) so that a new address stays cheap.
 */
export async function compressPage(html: string): Promise<Pick<KeptPage, 'identity' | 'gzip' | 'br' | 'etag'>> {
  const identity = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { identity, gzip: gz, br, etag: `"${createHash('sha1').update(identity).digest('base64url')}"` };
}

const sizeOf = (key: string, page: KeptPage) => page.identity.length + page.gzip.length + page.br.length + key.length * 2 + 512;

export interface KeptPagesStats {
  pages: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/**
 * Rendered guest pages, by path + query (docs/product/rules.md#R832), bounded by bytes (all three
 * encodings and the key counted), least recently used dropped first. An entry answers only at the
 * catalogue version it was rendered at and before it expires; a change of version empties the
 * store at once, since nothing in it may be served again.
 */
export class KeptPages {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private version: string | null = null;

  constructor(private readonly maxBytes: number) {}

  get(key: string, version: string | null, now = Date.now()): KeptPage | undefined {
    this.follow(version);
    const page = this.pages.get(key);
    if (!page || page.version !== version || page.expires <= now) {
      if (page) this.delete(key, page);
      this.misses += 1;
      return undefined;
    }
    // Most recently used last.
    this.pages.delete(key);
    this.pages.set(key, page);
    this.hits += 1;
    return page;
  }

  /** Keeps `page` unless the version moved on while it was rendered (it would never be served). */
  set(key: string, page: KeptPage): void {
    if (page.version !== this.version) return;
    const size = sizeOf(key, page);
    if (size > this.maxBytes / 8) return;
    const old = this.pages.get(key);
    if (old) this.delete(key, old);
    this.pages.set(key, page);
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.pages.entries().next().value as [string, KeptPage];
      this.delete(oldestKey, oldest);
    }
  }

  stats(): KeptPagesStats {
    return { pages: this.pages.size, bytes: this.bytes, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses };
  }

  private follow(version: string | null): void {
    if (version === this.version) return;
    this.version = version;
    this.pages.clear();
    this.bytes = 0;
  }

  private delete(key: string, page: KeptPage): void {
    this.pages.delete(key);
    this.bytes -= sizeOf(key, page);
  }
}
