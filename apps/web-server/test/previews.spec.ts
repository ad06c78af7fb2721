import { BUILT_INDEX, startWebWithStandInApi } from './web-server-process';

const SHEET_TAGS = [
  '<title>Diagnostic &amp; sécurité — Outils</title>',
  '<meta data-static-meta property="og:title" content="Diagnostic &amp; sécurité — Outils" />',
  '<script data-static-meta type="application/ld+json">{"@type":"DigitalDocument","name":"Diagnostic \\u0026 sécurité"}</script>',
].join('\n');

/**
 * Previews without JavaScript through the web server of `npm start` (docs/product/rules.md#R400,
 * #R402, #R403): the page's head tags, /sitemap.xml and /robots.txt come from the API (a stand-in
 * here, counting its calls; the real answers are checked in apps/api/test/integration/seo.int-spec.ts).
 */
describe('web server: previews, sitemap and robots.txt from the API (npm start)', () => {
  let web: Awaited<ReturnType<typeof startWebWithStandInApi>>;
  let base: string;
  let apiUp = true;
  const calls: string[] = [];

  beforeAll(async () => {
    web = await startWebWithStandInApi({ 'index.html': BUILT_INDEX }, (req, res) => {
      // Every sheet of this stand-in exists, and the calls counted are the head's (404 for unknown sheets: web-not-found.spec.ts).
      if (req.url?.startsWith('/api/seo/page-status?')) return void res.writeHead(204).end();
      calls.push(req.url ?? '');
      if (!apiUp) return void res.writeHead(503).end();
      const url = new URL(req.url ?? '/', 'http://api');
      if (url.pathname === '/api/seo/head') {
        const path = url.searchParams.get('path');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(path === '/toolspage/diagnostic' ? SHEET_TAGS : `<title>Page ${path}</title>`);
      }
      if (url.pathname === '/api/seo/sitemap.xml') {
        res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
        return void res.end(`<?xml version="1.0" encoding="UTF-8"?><urlset><url><loc>http://site/toolspage/diagnostic</loc><lastmod>2026-01-02</lastmod></url></urlset>`);
      }
      if (url.pathname === '/api/seo/robots.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        return void res.end('User-agent: *\nDisallow: /admin\nSitemap: http://site/sitemap.xml\n');
      }
      if (url.pathname === '/api/catalogue.jsonld') {
        res.writeHead(200, { 'Content-Type': 'application/ld+json; charset=utf-8' });
        return void res.end(JSON.stringify({ '@context': {}, '@id': `http://site/catalogue.jsonld${url.search}` }));
      }
      if (url.pathname === '/api/catalogue.ttl') {
        res.writeHead(200, { 'Content-Type': 'text/turtle; charset=utf-8' });
        return void res.end(`<http://site/catalogue.ttl${url.search}> a <http://www.w3.org/ns/hydra/core#PartialCollectionView>.\n`);
      }
      res.writeHead(404).end();
    });
    base = web.base;
  });
  afterAll(() => web?.stop());

  it('fills a sheet’s page with its tags from the API, once a minute at most, and still serves the app', async () => {
    const before = calls.length;
    const first = await fetch(`${base}/toolspage/diagnostic`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const html = await first.text();
    expect(html).toContain('<meta data-static-meta property="og:title" content="Diagnostic &amp; sécurité — Outils" />');
    expect(html).toContain('"@type":"DigitalDocument"');
    // The defaults and their markers are gone; the app's script is still there.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('outils:head');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    await fetch(`${base}/toolspage/diagnostic`);
    expect(calls.slice(before)).toEqual(['/api/seo/head?path=%2Ftoolspage%2Fdiagnostic']);
    // The API's URL for the browser stays the public one.
    expect(await (await fetch(`${base}/config.js`)).text()).toContain('"apiUrl":"http://api.outils.test"');
  });

  it('falls back to the site’s default tags when the API does not answer', async () => {
    apiUp = false;
    try {
      const html = await (await fetch(`${base}/toolspage/autre-outil`)).text();
      expect(html).toContain('<title>Outils — la bibliothèque la plus cool pour digitaliser son activité soi-même</title>');
      expect(html).toContain('property="og:title"');
      expect(html).not.toContain('outils:head');
    } finally {
      apiUp = true;
    }
  });

  it('serves /sitemap.xml and /robots.txt as the API writes them', async () => {
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toContain('<loc>http://site/toolspage/diagnostic</loc><lastmod>2026-01-02</lastmod>');
    const robots = await fetch(`${base}/robots.txt`);
    expect(await robots.text()).toContain('Sitemap: http://site/sitemap.xml');
    expect((await fetch(`${base}/index.html`, { redirect: 'manual' })).status).toBe(301);
  });

  it('serves /catalogue.jsonld and its pages as the API writes them, to any origin, and names it in every page’s head (R991, R992)', async () => {
    const first = await fetch(`${base}/catalogue.jsonld`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual({ '@context': {}, '@id': 'http://site/catalogue.jsonld' });
    expect(await (await fetch(`${base}/catalogue.jsonld?page=2`)).json()).toEqual({ '@context': {}, '@id': 'http://site/catalogue.jsonld?page=2' });
    for (const path of ['/', '/toolspage/diagnostic']) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html).toContain('<link rel="alternate" type="application/ld+json" href="/catalogue.jsonld" title="Catalogue ouvert (DCAT-AP)" />');
    }
  });

  it('serves /catalogue.ttl and its pages as the API writes them, to any origin, and names it in every page’s head (R1003)', async () => {
    const first = await fetch(`${base}/catalogue.ttl`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/turtle/);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.text()).toBe('<http://site/catalogue.ttl> a <http://www.w3.org/ns/hydra/core#PartialCollectionView>.\n');
    expect(await (await fetch(`${base}/catalogue.ttl?page=2`)).text()).toContain('<http://site/catalogue.ttl?page=2>');
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<link rel="alternate" type="text/turtle" href="/catalogue.ttl" title="Catalogue ouvert (DCAT-AP, Turtle)" />');
  });
});
