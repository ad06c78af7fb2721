import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { allTools, ApiTool, createMember } from './support/api';
import { launchBrowser, newPage, url, withPage } from './support/browser';
import { cards, sheetDownloadName } from './support/listing';

/** The app's code (the entry module): held back, a page shows only what the web server sent. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Holds the entry module until `release()`: meanwhile the page is the server's HTML alone. */
async function holdTheApp(page: Page) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * docs/product/rules.md#R830, #R713: a guest's page arrives rendered by the web server, paints
 * before any script runs, and the app takes it over as it stands; a member never sees the guest's page.
 */
describe('the first screen, rendered by the web server', () => {
  let browser: Browser;
  let tool: ApiTool;
  beforeAll(async () => {
    browser = await launchBrowser();
    tool = (await allTools()).find((t) => t.images?.length) ?? (await allTools())[0];
  });
  afterAll(async () => { await browser?.close(); });

  it('renders from a renderer held one byte a character, its French texts intact (docs/product/rules.md#R893)', async () => {
    // The renderer the web server loads: ASCII only, its texts' ’ and « » written as escapes.
    const renderer = readFileSync(join(__dirname, '../../../dist/apps/web/server/entry-server.mjs'), 'utf8');
    expect(renderer.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto(url('/toolspage'));
      await expect(page.getByRole('link', { name: 'Outils, retour à l’accueil' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Conditions générales d’utilisation' }).count()).resolves.toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows a sheet whole without JavaScript: its name, description, image and download button', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const response = await page.goto(url(`/toolspage/${tool.slug}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: tool.name }).isVisible()).resolves.toBe(true);
      await expect(page.getByText(tool.description.split('\n')[0]).first().isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: /^Télécharger/ }).first().isVisible()).resolves.toBe(true);
      if (tool.images?.length) {
        const image = page.getByRole('img', { name: new RegExp(`Aperçu 1 de « ${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} »`) });
        await expect(image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('keeps the server\'s page as it stands when the app takes it over, which then works', async () => {
    await withPage(browser, 'first-screen-take-over', {}, async ({ page, errors }) => {
      const release = await holdTheApp(page);
      const loading = page.goto(url(`/toolspage/${tool.slug}`));
      // Painted before the app's code has arrived.
      const heading = page.getByRole('heading', { level: 1, name: tool.name });
      await heading.waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { __heading: Element | null; __removed: number };
        w.__heading = document.querySelector('h1');
        w.__removed = 0;
        new MutationObserver((records) => records.forEach((r) => (w.__removed += r.removedNodes.length))).observe(document.getElementById('root')!, { childList: true, subtree: true });
      });
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-started'))).toBe(false);
      release();
      await loading;
      // The same elements, not a copy drawn again.
      expect(await page.evaluate(() => (window as unknown as { __heading: Element }).__heading === document.querySelector('h1'))).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __removed: number }).__removed)).toBe(0);
      // The page's own head: one title and one description, the app's (the sheet's title is the
      // tool's name; the server's, for search results, was '{nom} — Outils').
      expect(await page.evaluate(() => [document.querySelectorAll('title').length, document.querySelectorAll('meta[name="description"]').length, document.querySelectorAll('[data-static-meta]').length])).toEqual([1, 1, 0]);
      expect(await page.title()).toBe(tool.name);
      // Taken over: the download button opens its popup.
      await page.getByRole('button', { name: /^Télécharger/ }).first().click();
      await page.getByRole('dialog').waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('keeps the browser from sending the home page\'s newsletter form before the app runs', async () => {
    await withPage(browser, 'first-screen-early-submit', {}, async ({ page }) => {
      const release = await holdTheApp(page);
      const loading = page.goto(url('/'));
      const email = page.getByRole('textbox', { name: /e-mail/i }).first();
      await email.waitFor();
      await email.fill('tot@exemple.fr');
      await email.press('Enter');
      await page.waitForTimeout(300);
      // No native submission: the address stays /, with no e-mail in it.
      expect(new URL(page.url()).search).toBe('');
      release();
      await loading;
      expect(new URL(page.url()).pathname).toBe('/');
      // The home page keeps its description once the app has taken it over (it matches the server's).
      expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    });
  });

  it('never shows a signed-in member the guest\'s page: theirs appears once the app runs', async () => {
    const member = await createMember('premier-ecran');
    const { page, context, pageErrors } = await newPage(browser, { session: member });
    try {
      const release = await holdTheApp(page);
      const loading = page.goto(url('/'));
      await page.locator('#root h1').waitFor({ state: 'attached' });
      // The guest's page is there, hidden: nothing of it is visible.
      expect(await page.locator('#root h1').isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Créer mon compte gratuit' }).isVisible()).toBe(false);
      release();
      await loading;
      await page.getByRole('link', { name: 'Voir mes favoris' }).waitFor();
      expect(await page.getByRole('link', { name: 'Créer mon compte gratuit' }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Fails unless the element is drawn whole inside the window as it opened (no scrolling). */
async function expectInFirstScreen(page: Page, locator: Locator, what: string): Promise<void> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  const scrolled = await page.evaluate(() => window.scrollY);
  expect({ what, scrolled, inside: !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height, box })
    .toEqual({ what, scrolled: 0, inside: true, box });
}

/** The layout shifts the page made while it loaded (the CLS of its first screen). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 500);
  }));
}

/**
 * docs/product/rules.md#R721, #R722: a newcomer sees tools in the first screen of the library, and
 * a sheet's download button in a phone's first screen, without the page moving as it loads.
 */
describe('what the first screen shows a newcomer', () => {
  let browser: Browser;
  let tool: ApiTool;
  beforeAll(async () => {
    browser = await launchBrowser();
    tool = (await allTools())[0];
  });
  afterAll(async () => { await browser?.close(); });

  it.each([[1280, 800], [390, 844]])('shows the first tools of the library at %i × %i, under the title, the search and the filters', async (width, height) => {
    await withPage(browser, `first-screen-library-${width}`, { width, height }, async ({ page }) => {
      await page.goto(url('/toolspage'));
      await expectInFirstScreen(page, page.getByRole('heading', { level: 1, name: 'Tous les outils' }), 'title');
      await expectInFirstScreen(page, page.getByRole('combobox', { name: 'Rechercher un outil' }), 'search box');
      const menu = page.getByRole('complementary', { name: 'Explorer les outils' });
      await expectInFirstScreen(page, menu.getByRole('heading', { name: 'Explorer les outils' }), 'side menu');
      if (width >= 900) await expectInFirstScreen(page, menu.getByRole('heading', { name: 'Filtrer par' }), 'Filtrer par');
      else await expectInFirstScreen(page, page.getByRole('button', { name: /^Filtrer les outils/ }), 'Filtrer les outils');

      // A wide screen shows the whole first row of cards down to 'Télécharger'; a phone the first card's image and name.
      const shown = width >= 900 ? 3 : 1;
      for (let i = 0; i < shown; i += 1) {
        const card = cards(page).nth(i);
        const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
        await expectInFirstScreen(page, card.getByRole('heading', { name, exact: true }), `name of card ${i + 1}`);
        if (await card.getByRole('img', { name: /^Aperçu 1 de/ }).count()) await expectInFirstScreen(page, card.getByRole('img', { name: /^Aperçu 1 de/ }), `image of card ${i + 1}`);
        if (width >= 900) await expectInFirstScreen(page, card.getByRole('button', { name: `Télécharger « ${name} »` }), `download of card ${i + 1}`);
      }
      // The rows and kits come after the results, and the page is painted whole: nothing moves (docs/product/rules.md#R724).
      expect(await layoutShift(page)).toBe(0);
    });
  });

  it.each([[390, 844], [1280, 800]])('keeps a search chip on one line at %i × %i, beside the count', async (width, height) => {
    await withPage(browser, `search-chip-${width}`, { width, height }, async ({ page }) => {
      await page.goto(url('/toolspage?q=s%C3%A9cu'));
      const chip = page.getByRole('button', { name: /sécu/ }).filter({ hasText: '« sécu »' });
      const status = page.getByRole('status').filter({ hasText: 'pour « sécu »' });
      await status.waitFor();
      const [chipBox, statusBox] = [await chip.boundingBox(), await status.boundingBox()];
      // Squeezed beside 'Trier par' on a phone, the chip once broke into three lines.
      expect(chipBox!.height).toBeLessThan(44);
      expect(statusBox!.height).toBeLessThan(44);
    });
  });

  it.each([[390, 844], [1280, 800]])('puts a sheet’s download button in the first screen at %i × %i', async (width, height) => {
    await withPage(browser, `first-screen-sheet-${width}`, { width, height }, async ({ page }) => {
      await page.goto(url(`/toolspage/${tool.slug}`));
      await expectInFirstScreen(page, page.getByRole('heading', { level: 1, name: tool.name }), 'title');
      await expectInFirstScreen(page, page.getByRole('complementary', { name: 'Actions sur l’outil' }).getByRole('button', { name: sheetDownloadName(tool.name) }), 'download button');
      expect(await layoutShift(page)).toBe(0);
    });
  });

  it('opens a page anew at its top, not where the previous page of the tab was left', async () => {
    await withPage(browser, 'first-screen-scroll', {}, async ({ page }) => {
      await page.goto(url('/toolspage'));
      await page.mouse.wheel(0, 1500);
      await page.waitForFunction(() => window.scrollY >= 1000);
      // A link followed from elsewhere (an e-mail), an address typed: a new page load in the same tab.
      await page.goto(url('/login'));
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
});

