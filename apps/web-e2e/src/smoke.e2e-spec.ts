import type { Browser } from 'playwright-core';
import { allTools } from './support/api';
import { launchBrowser, newPage, stackInfo } from './support/browser';

describe('the stack as a visitor sees it', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('serves the web app, which reaches the API', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(stackInfo().webUrl);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    const health = await (await fetch(`${stackInfo().apiUrl}/health`)).json();
    expect(health.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown address', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${stackInfo().webUrl}/cette/page/nexiste/pas`);
    await expect(page.getByRole('heading', { name: /ERREUR 404/ }).waitFor()).resolves.toBeUndefined();
    await context.close();
  });

  // docs/product/rules.md#R400, #R402, #R830: what a link preview or a search engine gets, without JavaScript.
  it('gives a sheet its Open Graph tags, JSON-LD and content without JavaScript, and lists every tool in the sitemap', async () => {
    const { webUrl } = stackInfo();
    const tools = await allTools();
    const tool = tools.find((t) => t.images?.length) ?? tools[0];
    const html = await (await fetch(`${webUrl}/toolspage/${tool.slug}`)).text();
    const escaped = tool.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
    expect(html).toContain(`<meta data-static-meta property="og:title" content="${escaped} — Outils" />`);
    expect(html).toMatch(/<meta data-static-meta property="og:image" content="https?:\/\/[^"]+" \/>/);
    const ld = /<script data-static-meta type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
    expect(JSON.parse(ld![1])).toMatchObject({ '@type': 'DigitalDocument', name: tool.name, url: expect.stringContaining(`/toolspage/${tool.slug}`) });
    // The page itself, rendered by the web server: the tool's name as its heading, its description.
    expect(html).toContain('<div id="root" data-server-rendered>');
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html).toContain(tool.description.split('\n')[0].replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));

    const sitemap = await (await fetch(`${webUrl}/sitemap.xml`)).text();
    for (const t of tools) expect(sitemap).toContain(`/toolspage/${t.slug}</loc><lastmod>`);
    expect(await (await fetch(`${webUrl}/robots.txt`)).text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  // docs/product/rules.md#R713: a landing page's code is asked for with the app's, not after the app's first code has run.
  it('asks for the landing page\'s code while the app\'s first code is still arriving, once each, and the page works', async () => {
    const { webUrl } = stackInfo();
    const tool = (await allTools())[0];
    for (const [path, chunk] of [['/', /\/assets\/home-[\w-]+\.js$/], [`/toolspage/${tool.slug}`, /\/assets\/tool-sheet-[\w-]+\.js$/]] as const) {
      const { page, errors, context } = await newPage(browser);
      // The entry is held back: without the preloads, nothing would ask for the page's code meanwhile.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      const loading = page.goto(`${webUrl}${path}`);
      for (let waited = 0; waited < 10_000 && !asked.some((p) => chunk.test(p)); waited += 50) await page.waitForTimeout(50);
      const askedWhileHeld = asked.some((p) => chunk.test(p));
      release();
      expect(askedWhileHeld).toBe(true);
      await loading;
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked.filter((p) => chunk.test(p))).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
