import { BUILT_INDEX, startWebWithStandInApi } from './web-server-process';

/**
 * A stand-in for the build's renderer (apps/web/src/entry-server.tsx, tested in
 * apps/web/src/__tests__/entry-server.spec.tsx and, built, by the browser journeys): it writes the
 * settings it was given and the address it renders, holds `/lent/…` until the stand-in API says
 * `/relacher`, renders nothing for `/vide`, fails for `/panne`, and puts a `</script>` in its data.
 */
const RENDERER = `
let config = null;
let renders = 0;
export function configureServerRendering(c) { config = c; }
export async function renderPage(url) {
  const { pathname } = new URL(url, 'http://localhost');
  renders += 1;
  if (pathname === '/compte') return { html: '<p>rendu n° ' + renders + '</p>', data: '{}' };
  while (pathname.startsWith('/lent') && (await fetch(config.serverApiUrl + '/relacher')).status !== 200) await new Promise((r) => setTimeout(r, 50));
  if (pathname === '/vide') return null;
  if (pathname === '/panne') throw new Error('rendu en panne');
  return { html: '<h1>Rendu de ' + url + '</h1><p>' + config.serverApiUrl + '|' + config.apiUrl + '</p>', data: JSON.stringify({ note: '</script><script>alert(1)</script>' }) };
}
`;

/** docs/product/rules.md#R712: the web server puts a guest's first screen, rendered by the build, in `#root`. */
describe('web server: the first screen rendered on the server', () => {
  let web: Awaited<ReturnType<typeof startWebWithStandInApi>>;
  let base: string;
  let released = false;

  beforeAll(async () => {
    // The page's head and status: a stand-in API that knows nothing; it also releases the slow renders.
    web = await startWebWithStandInApi({ 'index.html': BUILT_INDEX, 'server/entry-server.mjs': RENDERER }, (req, res) =>
      void res.writeHead(req.url === '/relacher' && released ? 200 : 404).end(),
    );
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
    expect(JSON.parse(data![1])).toEqual({ note: '</script><script>alert(1)</script>' });
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
  });

  it('sends the plain page when the renderer renders nothing or fails', async () => {
    for (const path of ['/vide', '/panne']) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('outils-page-data');
    }
  });

  it('sends the plain page at once while 4 renders are running, then renders again', async () => {
    const slow = Array.from({ length: 4 }, (_, i) => fetch(`${base}/lent/${i}`).then((r) => r.text()));
    // The fifth address does not wait for them.
    let fifth = '';
    for (let tries = 0; tries < 50 && !fifth.includes('<div id="root"></div>'); tries += 1) {
      fifth = await (await fetch(`${base}/autre-page`)).text();
      if (!fifth.includes('<div id="root"></div>')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(fifth).toContain('<div id="root"></div>');
    released = true;
    for (const html of await Promise.all(slow)) expect(root(html)?.[1]).toMatch(/^<h1>Rendu de .*\/lent\/\d<\/h1>/);
    expect(await (await fetch(`${base}/autre-page`)).text()).toContain('<h1>Rendu de');
  });

  it('sends a page it rendered again for a second, then renders it anew', async () => {
    const count = async () => /rendu n° (\d+)/.exec(await (await fetch(`${base}/compte`)).text())![1];
    const [first, second] = await Promise.all([count(), count()]);
    expect(second).toBe(first);
    expect(await count()).toBe(first);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await count()).not.toBe(first);
  });

  it('never serves the renderer itself', async () => {
    for (const path of ['/server/entry-server.mjs', '/server/']) expect((await fetch(`${base}${path}`)).status).toBe(404);
  });
});
