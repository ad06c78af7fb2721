import { startWebWithStandInApi, BUILT_INDEX } from './web-server-process';

/**
 * docs/product/rules.md#R800: a sheet naming no tool answers 404 with the app's page (people still
 * read the French « page introuvable »), as the API says (`GET /api/seo/page-status`, a stand-in
 * here; the real answers are checked in apps/api/test/integration/seo-page-status.int-spec.ts);
 * a path the app has no page for answers 404 too, from the app's route table.
 */
describe('web server: 404 for a sheet of no tool and for a path of no page', () => {
  let web: Awaited<ReturnType<typeof startWebWithStandInApi>>;
  let base: string;
  let apiUp = true;
  const statusCalls: string[] = [];

  beforeAll(async () => {
    web = await startWebWithStandInApi({ 'index.html': BUILT_INDEX }, (req, res) => {
      if (!apiUp) return void res.writeHead(503).end();
      const url = new URL(req.url ?? '/', 'http://api');
      const path = url.searchParams.get('path') ?? '';
      if (url.pathname === '/api/seo/page-status') {
        statusCalls.push(path);
        if (path.includes('inconnu')) {
          res.writeHead(404, { 'Content-Type': 'application/json' });
          return void res.end('{"message":"Cette page n’existe pas."}');
        }
        return void res.writeHead(204).end();
      }
      if (url.pathname === '/api/seo/head') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(path.includes('inconnu') ? '<title>Outils</title>\n<meta data-static-meta name="robots" content="noindex" />' : `<title>Page ${path}</title>`);
      }
      res.writeHead(404).end();
    });
    base = web.base;
  });
  afterAll(() => web?.stop());

  it.each(['/toolspage/outil-inconnu', '/toolspage/details/99999-inconnu', '/tools/inconnu'])('answers %s with 404 and the app’s page, noindex', async (path) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('name="robots" content="noindex"');
  });

  it('answers a known sheet, the listing and other pages with 200, asking the API only about sheets', async () => {
    const before = statusCalls.length;
    expect((await fetch(`${base}/toolspage/diagnostic`)).status).toBe(200);
    expect((await fetch(`${base}/toolspage`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/profile`)).status).toBe(200);
    expect(statusCalls.slice(before)).toEqual(['/toolspage/diagnostic']);
  });

  it('answers the app’s pages from its route table: 200 for « Pour vous » and the member pages, without asking the API', async () => {
    const before = statusCalls.length;
    for (const path of ['/toolspage/for-you', '/toolspage/for-you/', '/toolspage/favorites', '/toolspage/folders/3', '/admin/stats', '/About']) {
      const res = await fetch(`${base}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(await res.text()).not.toContain('content="noindex"');
    }
    expect(statusCalls.slice(before)).toEqual([]);
  });

  it.each(['/zzz', '/toolspage/a/b', '/admin/zzz', '/info/404'])('answers %s, a path of no page, with 404 and the app’s page, noindex, without asking the API', async (path) => {
    const before = statusCalls.length;
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html.match(/name="robots" content="noindex"/g)).toHaveLength(1);
    expect(statusCalls.slice(before)).toEqual([]);
  });

  it('serves the app with 200 when the API does not answer', async () => {
    apiUp = false;
    try {
      const res = await fetch(`${base}/toolspage/autre-inconnu`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
    } finally {
      apiUp = true;
    }
  });
});
