import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import type { PageReadsWindow, PageRenderer } from '@outils/contracts';
import { compress, compressPage, pageBytes } from './kept-pages';
import { encodingFor } from './page-responses';
import { HSTS } from './security-headers';
import { createWebApp, listen, WebApp, WebAppConfig } from './web-app';

const INDEX = readFileSync(join(__dirname, '../../web/index.html'), 'utf8');

/** An answer's bytes as sent, whatever their encoding (supertest would decode them). */
async function rawGet(app: WebApp, path: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const server = await listen(app, 0, '127.0.0.1');
  try {
    return await new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  } finally {
    server.close();
  }
}

/**
 * docs/product/rules.md#R889: a guest's rendered page is kept, compressed, until the catalogue's
 * version changes; member pages never are. In process, with a stand-in API (heads, statuses) that
 * counts what it is asked, and a renderer that counts its renders.
 */
describe('kept pages', () => {
  let dir: string;
  let api: Server;
  let apiUrl: string;
  const apiCalls: string[] = [];
  let renders: string[] = [];
  let windows: Array<PageReadsWindow | undefined> = [];
  let version: string | null = 'v1';

  const renderer: PageRenderer = {
    configureServerRendering: () => undefined,
    renderPage: async (url, window) => {
      renders.push(url);
      windows.push(window);
      return { html: `<h1>${url} — rendu n° ${renders.length}</h1><p>${'Outil gratuit pour les TPE. '.repeat(40)}</p>`, data: '{}' };
    },
  };
  const app = (pages?: WebAppConfig['pages']) => createWebApp(
    {
      distDir: dir, runtime: { apiUrl: 'http://api.outils.test', analyticsScriptUrl: null, productionHost: null },
      apiInternalUrl: apiUrl, http: { trustProxy: 'loopback' }, pages,
    },
    { loadRenderer: async () => renderer, versions: { current: () => version, changedAt: () => 0 } },
  );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outils-kept-'));
    mkdirSync(join(dir, 'server'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'server', 'entry-server.mjs'), '');
    api = createServer((req, res) => {
      apiCalls.push(req.url ?? '');
      if (req.url?.startsWith('/api/seo/head')) res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>Page — Outils</title>');
      else res.writeHead(204).end();
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => api.close(r));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    apiCalls.length = 0;
    renders = [];
    windows = [];
    version = 'v1';
  });

  it('answers a page asked again from memory: no render, no call to the API', async () => {
    const web = app();
    const first = await request(web).get('/toolspage?q=cyber').expect(200);
    expect(first.text).toContain('<h1>/toolspage?q=cyber — rendu n° 1</h1>');
    expect(first.text).toContain('<title>Page — Outils</title>');
    const calls = apiCalls.length;
    const second = await request(web).get('/toolspage?q=cyber').expect(200);
    expect(second.text).toBe(first.text);
    expect(renders).toEqual(['/toolspage?q=cyber']);
    expect(apiCalls).toHaveLength(calls);
    // The security headers go with it (docs/product/rules.md#R187).
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-frame-options']).toBe('DENY');
    expect(second.headers['cache-control']).toBe('no-cache');
    // Another query is another page.
    await request(web).get('/toolspage?q=cyber&page=2').expect(200);
    expect(renders).toEqual(['/toolspage?q=cyber', '/toolspage?q=cyber&page=2']);
    expect(web.keptPages()).toMatchObject({ pages: 2, hits: 1 });
  });

  it('sends brotli, gzip or plain bytes as the browser accepts, each with its strong ETag, and 304 for a tag it has', async () => {
    const web = app();
    const plain = await rawGet(web, '/about', 'identity');
    const br = await rawGet(web, '/about', 'gzip, deflate, br');
    const gz = await rawGet(web, '/about', 'gzip');
    expect(renders).toHaveLength(1);
    expect([plain.headers['content-encoding'], br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual([undefined, 'br', 'gzip']);
    expect(plain.body.toString()).toContain('<h1>/about — rendu n° 1</h1>');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect([br.headers.etag, gz.headers.etag]).toEqual([`${tag.slice(0, -1)}-br"`, `${tag.slice(0, -1)}-gzip"`]);
    for (const res of [plain, br, gz]) expect(res.headers.vary).toBe('Accept-Encoding');
    for (const held of [tag, br.headers.etag, `W/${gz.headers.etag}`, `"autre", ${tag}`]) {
      const res = await request(web).get('/about').set('Accept-Encoding', 'br').set('If-None-Match', held as string);
      expect({ held, status: res.status, body: res.text ?? '' }).toEqual({ held, status: 304, body: '' });
    }
    await request(web).get('/about').set('If-None-Match', '"autre"').expect(200);
  });

  it('keeps a new page in the encoding its first visitor takes only, and makes another one, plain bytes too, when a browser first asks for it (docs/product/rules.md#R847, #R889)', async () => {
    const web = app();
    const key = '/info/cgu';
    const br = await rawGet(web, key, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    // The brotli body alone: neither the plain bytes (several times its size) nor a gzip are held with the page.
    const overhead = key.length * 2 + 512;
    expect(web.keptPages().bytes).toBe(br.body.length + overhead);
    const gz = await rawGet(web, key, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(web, key, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>/info/cgu — rendu n° 1</h1>');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(renders).toHaveLength(1);
    const tag = plain.headers.etag as string;
    expect([br.headers.etag, gz.headers.etag]).toEqual([`${tag.slice(0, -1)}-br"`, `${tag.slice(0, -1)}-gzip"`]);
    // Each made on its first ask, then counted in the memory the kept pages hold, once.
    expect(web.keptPages().bytes).toBe(br.body.length + gz.body.length + plain.body.length + overhead);
    await rawGet(web, key, 'gzip');
    await rawGet(web, key, 'identity');
    expect(web.keptPages().bytes).toBe(br.body.length + gz.body.length + plain.body.length + overhead);
    const revalidated = await request(web).get(key).set('Accept-Encoding', 'gzip').set('If-None-Match', gz.headers.etag as string);
    expect(revalidated.status).toBe(304);
  });

  it('keeps the plain bytes alone for a first visitor that takes no compression, and makes brotli from them later (docs/product/rules.md#R889)', async () => {
    const web = app();
    const plain = await rawGet(web, '/info/legalnotice', 'identity');
    expect(web.keptPages().bytes).toBe(plain.body.length + '/info/legalnotice'.length * 2 + 512);
    const br = await rawGet(web, '/info/legalnotice', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(renders).toHaveLength(1);
  });

  it('writes a page from its parts, each encoded where it goes, in memory of its own size (docs/product/rules.md#R891)', () => {
    const parts = ['<!doctype html><title>L’outil</title>', '', '<p>Café ☕ 🙂</p>'.repeat(3000), '\\u003c', '</html>'];
    const bytes = pageBytes(parts);
    expect(bytes.equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
    expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.length]);
  });

  it('sends a kept page in brotli with a window of 256 KB, not brotli’s 4 MB, as the same bytes (docs/product/rules.md#R848)', async () => {
    const web = app();
    const br = await rawGet(web, '/info/cgu', 'br');
    const plain = await rawGet(web, '/info/cgu', 'identity');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    // The stream's first bits carry its window (RFC 7932, 9.1): 1, then 3 bits n, window 2^(17 + n).
    const first = br.body[0];
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 7)).toBe(18);
  });

  it('holds each kept body in memory of its own size, not in zlib’s output chunk nor a shared slab (docs/product/rules.md#R887)', async () => {
    // A page whose brotli body is a few KB: zlib gave it back inside a 64 KB chunk.
    const html = Array.from({ length: 400 }, (_, i) => `<li class="carte"><a href="/toolspage/outil-${i}">Outil n° ${i} ${(i * 7919).toString(36)}</a></li>`).join('');
    const page = await compressPage([html], 'br');
    const gzipped = await compress(Buffer.from(html), 'gzip');
    const short = await compressPage(['<p>Court</p>'], 'identity');
    for (const body of [page.bodies.br!, gzipped, short.bodies.identity!]) expect([body.byteOffset, body.buffer.byteLength]).toEqual([0, body.length]);
    expect(brotliDecompressSync(page.bodies.br!).toString('utf8')).toBe(html);
    expect(gunzipSync(gzipped).toString('utf8')).toBe(html);
  });

  it('adds HSTS to a kept page over HTTPS only, as to every answer (docs/product/rules.md#R187)', async () => {
    const web = app();
    await request(web).get('/about').expect(200);
    expect((await request(web).get('/about').set('X-Forwarded-Proto', 'https')).headers['strict-transport-security']).toBe(HSTS);
    expect((await request(web).get('/about')).headers['strict-transport-security']).toBeUndefined();
    expect(renders).toHaveLength(1);
  });

  it('reads Accept-Encoding as browsers write it', () => {
    expect(['gzip, deflate, br', 'br;q=0.1, gzip', 'br;q=0, gzip', 'gzip;q=0, br;q=0', '*', '', undefined].map(encodingFor))
      .toEqual(['br', 'br', 'gzip', 'identity', 'gzip', 'identity', 'identity']);
  });

  it('renders anew once the catalogue’s version changes, and forgets the head it kept', async () => {
    const web = app();
    await request(web).get('/').expect(200);
    await request(web).get('/').expect(200);
    expect(renders).toHaveLength(1);
    const heads = apiCalls.filter((call) => call.startsWith('/api/seo/head')).length;
    version = 'v2';
    const res = await request(web).get('/').expect(200);
    expect(res.text).toContain('rendu n° 2');
    expect(apiCalls.filter((call) => call.startsWith('/api/seo/head'))).toHaveLength(heads + 1);
    const tag = res.headers.etag as string;
    version = 'v3';
    // The page the browser holds is not the current one any more: no 304 for it.
    expect((await request(web).get('/').set('If-None-Match', tag).expect(200)).text).toContain('rendu n° 3');
  });

  it('lets renders of one version share their common reads, never longer than a kept page (docs/product/rules.md#R840)', async () => {
    const web = app({ keptBytes: 1024 * 1024, keptMaxAgeMs: 600_000, rendersPerNetworkPerMinute: 1000 });
    const start = Date.now();
    await request(web).get('/toolspage?page=1').expect(200);
    await request(web).get('/toolspage?page=2').expect(200);
    expect(windows[0]).toEqual({ version: 'v1', until: expect.any(Number) });
    expect(windows[0]!.until).toBeGreaterThanOrEqual(start + 600_000);
    // The same window for both: the second render may reuse what the first read.
    expect(windows[1]).toEqual(windows[0]);
    version = 'v2';
    await request(web).get('/toolspage?page=3').expect(200);
    expect(windows[2]).toMatchObject({ version: 'v2' });
    // Once the window is over, the pages rendered in it are rendered again, in a new window.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(windows[2]!.until + 1);
    try {
      await request(web).get('/toolspage?page=3').expect(200);
    } finally {
      clock.mockRestore();
    }
    expect(renders).toEqual(['/toolspage?page=1', '/toolspage?page=2', '/toolspage?page=3', '/toolspage?page=3']);
    expect(windows[3]!.until).toBeGreaterThan(windows[2]!.until);
    // Without a version the web server can vouch for, nothing is shared.
    version = null;
    await request(web).get('/toolspage?page=4').expect(200);
    expect(windows[4]).toBeUndefined();
  });

  it('never keeps a member’s page nor any page it does not render', async () => {
    const web = app();
    for (const path of ['/toolspage/favorites', '/profile', '/login', '/admin']) {
      for (let i = 0; i < 2; i += 1) {
        const res = await request(web).get(path).expect(200);
        // No strong tag of a kept page; never asked of the renderer.
        expect(res.headers.etag ?? '').not.toMatch(/^"/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.text).toContain('<div id="root"></div>');
      }
    }
    expect(renders).toEqual([]);
    expect(web.keptPages().pages).toBe(0);
  });

  it('keeps a second only what it rendered without a version it can vouch for', async () => {
    version = null;
    const web = app();
    await request(web).get('/about').expect(200);
    expect(web.keptPages().pages).toBe(1);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 1_500);
    try {
      await request(web).get('/about').expect(200);
    } finally {
      clock.mockRestore();
    }
    expect(renders).toHaveLength(2);
  });

  it('stays within its memory bound, dropping the page used longest ago', async () => {
    // Pages of about 1.3 KB as kept (their gzip body, the key and 512 bytes for the rest).
    const web = app({ keptBytes: 16 * 1024, keptMaxAgeMs: 600_000, rendersPerNetworkPerMinute: 1000 });
    for (let page = 1; page <= 40; page += 1) await request(web).get(`/toolspage?page=${page}`).expect(200);
    const stats = web.keptPages();
    expect(stats.bytes).toBeLessThanOrEqual(16 * 1024);
    expect(stats.pages).toBeGreaterThan(3);
    expect(stats.pages).toBeLessThan(40);
    renders = [];
    await request(web).get('/toolspage?page=40').expect(200);
    await request(web).get('/toolspage?page=1').expect(200);
    expect(renders).toEqual(['/toolspage?page=1']);
  });

  it('renders for one network within its budget, then sends the plain page; a kept page costs nothing', async () => {
    const web = app({ keptBytes: 1024 * 1024, keptMaxAgeMs: 600_000, rendersPerNetworkPerMinute: 3 });
    for (let page = 1; page <= 3; page += 1) expect((await request(web).get(`/toolspage?page=${page}`)).text).toContain('data-server-rendered');
    const over = await request(web).get('/toolspage?page=4').expect(200);
    expect(over.text).toContain('<div id="root"></div>');
    expect((await request(web).get('/toolspage?page=2')).text).toContain('data-server-rendered');
    expect(renders).toHaveLength(3);
  });
});
