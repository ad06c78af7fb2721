import { waitUntil } from '@outils/server-testing';
import { BUILT_INDEX, startWebWithStandInApi } from './web-server-process';

/**
 * A stand-in for the build's renderer (apps/web/src/entry-server.tsx, tested in
 * apps/web/src/app/__tests__/ and, built, by the browser journeys): it writes the settings it was
 * given and the address it renders, counts its renders of `/about`, holds `/toolspage?lent=…`
 * until the stand-in API says `/relacher`, renders nothing for `/info/cgu`, fails for
 * `/info/legalnotice`, and puts a `</script>` in its data.
 */
const RENDERER = `
let config = null;
let renders = 0;
export function configureServerRendering(c) { config = c; }
export async function renderPage(url) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  renders += 1;
  if (pathname === '/about') return { html: '<p>rendu n° ' + renders + '</p>', data: '{}' };
  while (searchParams.has('lent') && (await fetch(config.serverApiUrl + '/relacher?u=' + searchParams.get('lent'))).status !== 200) await new Promise((r) => setTimeout(r, 50));
  if (pathname === '/info/cgu') return null;
  if (pathname === '/info/legalnotice') throw new Error('rendu en panne');
  return { html: '<h1>Rendu de ' + url + '</h1><p>' + config.serverApiUrl + '|' + config.apiUrl + '</p>', data: JSON.stringify({ note: '</script><script>alert(1)</script> et l’outil <b>', fin: '<' }) };
}
`;

/**
 * docs/product/rules.md#R830, #R831, #R889, #R834: the web server puts a guest's first screen,
 * rendered by the build, in `#root`, and keeps it until the catalogue's version changes.
 */
describe('web server: the first screen rendered on the server', () => {
  let web: Awaited<ReturnType<typeof startWebWithStandInApi>>;
  let base: string;
  let released = false;
  const held = new Set<string>();
  let version = 'v1';

  beforeAll(async () => {
    // The page's head and status: a stand-in API that knows the catalogue's version and gives every
    // page the same head; it also releases the slow renders.
    web = await startWebWithStandInApi({ 'index.html': BUILT_INDEX, 'server/entry-server.mjs': RENDERER }, (req, res) => {
      if (req.url?.startsWith('/api/seo/head')) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>Outils</title>');
      if (req.url === '/api/seo/catalogue-version') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ version }));
      const url = new URL(req.url ?? '/', 'http://api');
      if (url.pathname === '/relacher') held.add(url.searchParams.get('u') ?? '');
      return void res.writeHead(url.pathname === '/relacher' && released ? 200 : 404).end();
    });
    base = web.base;
  });
  afterAll(() => web?.stop());

  const root = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>/.exec(html);

  it('fills #root with the page and its data, rendered with the API reached at API_INTERNAL_URL', async () => {
    const res = await fetch(`${base}/toolspage?q=cyber`, { headers: { Host: 'evil.example' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    // The renderer gets the path and query only, whatever Host the visitor sent.
    expect(html).toContain(`<div id="root" data-server-rendered><h1>Rendu de /toolspage?q=cyber</h1><p>${web.apiUrl}|http://api.outils.test</p></div>`);
    const data = /<script type="application\/json" id="outils-page-data">([\s\S]*?)<\/script>/.exec(html);
    // The data cannot close its element: `<` is escaped, and it reads back the same.
    expect(data![1]).not.toContain('</script>');
    expect(JSON.parse(data![1])).toEqual({ note: '</script><script>alert(1)</script> et l’outil <b>', fin: '<' });
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
  });

  it('sends the plain page when the renderer renders nothing or fails', async () => {
    for (const path of ['/info/cgu', '/info/legalnotice']) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('outils-page-data');
    }
  });

  it('renders 20 new addresses asked at once, none of them sent plain', async () => {
    const slow = Array.from({ length: 20 }, (_, i) => fetch(`${base}/toolspage?lent=${i}`).then((r) => r.text()));
    // Held until all 20 renders are running at once, then released together.
    await waitUntil(() => held.size === 20, { timeoutMs: 10_000, what: '20 renders running at once' });
    released = true;
    const pages = await Promise.all(slow);
    expect(pages.filter((html) => !/<h1>Rendu de \/toolspage\?lent=\d+<\/h1>/.test(root(html)?.[1] ?? ''))).toEqual([]);
  });

  it('sends a page it rendered again until the catalogue’s version changes, then renders it anew', async () => {
    const count = async () => /rendu n° (\d+)/.exec(await (await fetch(`${base}/about`)).text())![1];
    const [first, second] = await Promise.all([count(), count()]);
    expect(second).toBe(first);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await count()).toBe(first);
    version = 'v2';
    await waitUntil(async () => (await count()) !== first, { timeoutMs: 10_000, what: 'the page rendered anew after the version changed' });
  });

  it('never serves the renderer itself', async () => {
    for (const path of ['/server/entry-server.mjs', '/server/']) expect((await fetch(`${base}${path}`)).status).toBe(404);
  });
});
