import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/**
 * One page as sent, with one strong ETag per encoding (docs/product/rules.md#R889, #R847). Its
 * bodies are the ones a request has taken: the first request's encoding with the page (brotli for
 * every current browser), each other one (the plain bytes too) the first time a request takes it.
 */
export interface KeptPage {
  status: number;
  /** Headers of the page besides its length, encoding and ETag (security headers, type, caching). */
  headers: Record<string, string>;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** A body being made, shared by the requests that wait for it. */
  making?: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The plain body's tag; the others add `-gzip` / `-br` before the closing quote. */
  etag: string;
  /** The catalogue's version it was rendered at (`null`: unknown, kept a second only). */
  version: string | null;
  expires: number;
}

export type Encoding = 'br' | 'gzip' | 'identity';

export const etagOf = (page: KeptPage, encoding: Encoding) => (encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`);

/**
 * Brotli's window for a kept page, as a power of two (docs/product/rules.md#R848): 256 KB, more
 * than a page's HTML, so no page compresses worse; brotli's default (4 MB) made each compression
 * allocate a 4 MB ring buffer on zlib's threads, which the allocator kept as resident memory.
 */
export const BROTLI_WINDOW_BITS = 18;

/**
 * `body` in memory of its own size (docs/product/rules.md#R887). zlib hands a body that fits in one
 * output chunk back as a view of that chunk (64 KB, whatever the body's size), and `Buffer.from`
 * puts a short text in a shared 8 KB slab: kept as they came, a 10 KB brotli page held 64 KB, which
 * `WEB_KEPT_PAGES_MB` counted as 10 KB.
 */
export function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

/**
 * Brotli's quality for a kept page (docs/product/rules.md#R856): 3, not 5. The library's page
 * (109 KB) comes out at 11.0 KB against 9.7 KB, still smaller than gzip's 11.4 KB, for a third of
 * the work; on this two-core machine, where zlib's threads share the cores with the server itself,
 * the API and the visitors, quality 5 cost a third of the new addresses rendered a second.
 */
const BROTLI_QUALITY = 3;

/** One compressed body. Compression runs off the main thread (zlib's pool). */
export async function compress(identity: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  const body = await (encoding === 'gzip'
    ? gzipAsync(identity, { level: 6 })
    : brotliAsync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }));
  return ownBytes(body);
}

/**
 * A page written from its parts into memory of its own size (docs/product/rules.md#R887, #R891):
 * each part (index.html's pieces, the render's HTML, its data) is encoded where it goes, never
 * joined to the others into one string first. With a French apostrophe in it a page's text takes two
 * bytes a character, a few hundred KB, which V8 keeps in its large-object space until its next full
 * collection: joined and copied four times a render, those strings made most of the heap's growth.
 */
export function pageBytes(parts: readonly string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, 'utf8');
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at, 'utf8');
  return bytes;
}

/**
 * The page's tag and its body in the encoding the first request asked for, the only one kept with
 * it (docs/product/rules.md#R889, #R847): nearly every browser takes brotli, so the plain bytes
 * (six or seven times larger) and the gzip of a new address were mostly memory and work for no one.
 */
export async function compressPage(parts: readonly string[], first: Encoding): Promise<Pick<KeptPage, 'bodies' | 'etag'>> {
  const identity = pageBytes(parts);
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { etag, bodies: { [first]: first === 'identity' ? identity : await compress(identity, first) } };
}

/** The page's plain bytes: kept, or read back from a compressed body (zlib's pool, a fraction of a millisecond). */
function plainOf(page: KeptPage): Promise<Buffer> {
  const { identity, br, gzip: gzipped } = page.bodies;
  if (identity) return Promise.resolve(identity);
  if (br) return brotliDecompressAsync(br);
  if (gzipped) return gunzipAsync(gzipped);
  return Promise.reject(new Error('Page gardée sans aucun corps'));
}

/**
 * The page's body in `encoding`, made (once, shared by whoever asks meanwhile) if it is not yet;
 * `made` is told its size once, when it is added to the page. A failed making is forgotten, so
 * that the next request tries again.
 */
export function bodyOf(page: KeptPage, encoding: Encoding, made: (bytes: number) => void): Buffer | Promise<Buffer> {
  const ready = page.bodies[encoding];
  if (ready) return ready;
  page.making ??= {};
  page.making[encoding] ??= plainOf(page)
    .then((plain) => (encoding === 'identity' ? ownBytes(plain) : compress(plain, encoding)))
    .then(
      (body) => {
        page.bodies[encoding] = body;
        delete page.making?.[encoding];
        made(body.length);
        return body;
      },
      (error: unknown) => {
        delete page.making?.[encoding];
        throw error;
      },
    );
  return page.making[encoding];
}

const sizeOf = (key: string, page: KeptPage) => (page.bodies.identity?.length ?? 0) + (page.bodies.gzip?.length ?? 0) + (page.bodies.br?.length ?? 0) + key.length * 2 + 512;

export interface KeptPagesStats {
  pages: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/**
 * Rendered guest pages, by path + query (docs/product/rules.md#R889), bounded by bytes (every
 * body kept and the key counted), least recently used dropped first. An entry answers only at the
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
    this.evict();
  }

  private evict(): void {
    while (this.bytes > this.maxBytes && this.pages.size > 0) {
      const [oldestKey, oldest] = this.pages.entries().next().value as [string, KeptPage];
      this.delete(oldestKey, oldest);
    }
  }

  /**
   * Counts a body made after the page was kept (#R847): `page` has grown by `bytes`. Nothing when
   * the page is no longer the one kept at `key` (dropped or replaced meanwhile).
   */
  grew(key: string, page: KeptPage, bytes: number): void {
    if (this.pages.get(key) !== page) return;
    this.bytes += bytes;
    this.evict();
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
