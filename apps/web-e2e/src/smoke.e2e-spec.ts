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

  // docs/product/rules.md#R400, #R402: what a link preview or a search engine gets, without JavaScript.
  it('gives a sheet its Open Graph tags and JSON-LD without JavaScript, and lists every tool in the sitemap', async () => {
    const { webUrl } = stackInfo();
    const tools = await allTools();
    const tool = tools.find((t) => t.images?.length) ?? tools[0];
    const html = await (await fetch(`${webUrl}/toolspage/${tool.slug}`)).text();
    const escaped = tool.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
    expect(html).toContain(`<meta data-static-meta property="og:title" content="${escaped} — Outils" />`);
    expect(html).toMatch(/<meta data-static-meta property="og:image" content="https?:\/\/[^"]+" \/>/);
    const ld = /<script data-static-meta type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
    expect(JSON.parse(ld![1])).toMatchObject({ '@type': 'DigitalDocument', name: tool.name, url: expect.stringContaining(`/toolspage/${tool.slug}`) });
    expect(html).toContain('<div id="root"></div>');

    const sitemap = await (await fetch(`${webUrl}/sitemap.xml`)).text();
    for (const t of tools) expect(sitemap).toContain(`/toolspage/${t.slug}</loc><lastmod>`);
    expect(await (await fetch(`${webUrl}/robots.txt`)).text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});
