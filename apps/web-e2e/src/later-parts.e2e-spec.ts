import type { Page } from 'playwright-core';
import { allTools, ApiTool } from './support/api';
import { url, useBrowser, withPage } from './support/browser';

/** Whether React has made the first element of a part live (its elements carry React's own keys then). */
function live(page: Page, part: string): Promise<boolean> {
  return page.evaluate((name) => {
    const wrapper = document.querySelector(`[data-plus-tard="${name}"]`);
    const element = wrapper?.firstElementChild;
    if (!element) throw new Error(`no part « ${name} » in the page`);
    return Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, part);
}

/** Until React has made the part live. */
const becomesLive = (page: Page, part: string) =>
  page.waitForFunction((name) => {
    const element = document.querySelector(`[data-plus-tard="${name}"]`)?.firstElementChild;
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, part);

/** The page keeps this mark until the browser loads another document. */
const markTheDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * docs/product/rules.md#R894: on a phone, the take-over of the server's page leaves the parts below
 * the first screen as the server wrote them; they become live when they come near or at the
 * visitor's first gesture, and then work as before, by keyboard too.
 */
describe('the parts of a taken-over page below its first screen', () => {
  const browser = useBrowser();
  let tool: ApiTool;
  beforeAll(async () => {
    tool = (await allTools())[0];
  });

  it('leaves a sheet’s end and the footer as the server wrote them, then the footer’s links work by keyboard', async () => {
    await withPage(browser(), 'later-parts-sheet', { width: 390, height: 844 }, async ({ page, errors }) => {
      await page.goto(url(`/toolspage/${tool.slug}`));
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#root[data-server-rendered]').count()).toBe(1);
      // The first screen is live (its download button), the end of the sheet and the footer not yet.
      expect(await page.evaluate(() => Object.keys(document.querySelector('h1')!).some((key) => key.startsWith('__reactFiber')))).toBe(true);
      expect(await live(page, 'fiche-suite')).toBe(false);
      expect(await live(page, 'pied-de-page')).toBe(false);
      // Shown all the same: the server's HTML.
      await page.getByRole('region', { name: 'Cet outil vous a-t-il aidé ?' }).waitFor({ state: 'attached' });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).waitFor({ state: 'attached' });

      await markTheDocument(page);
      // The keyboard reaches the footer: the app's link, not a new document.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).focus();
      await becomesLive(page, 'pied-de-page');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
      expect(await sameDocument(page)).toBe(true);
      // No page drawn again on the way (React's #418 / #423).
      expect(errors.filter((message) => /Minified React error|hydrat/i.test(message))).toEqual([]);
    });
  });

  it('makes a part live when it comes near the screen', async () => {
    await withPage(browser(), 'later-parts-scroll', { width: 390, height: 844 }, async ({ page, errors }) => {
      await page.goto(url('/toolspage'));
      await page.waitForLoadState('networkidle');
      expect(await live(page, 'pied-de-page')).toBe(false);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await becomesLive(page, 'pied-de-page');
      expect(errors.filter((message) => /Minified React error|hydrat/i.test(message))).toEqual([]);
    });
  });

  it('lets the keyboard use the home page’s newsletter form, below the first screen', async () => {
    await withPage(browser(), 'later-parts-home', { width: 390, height: 844 }, async ({ page, errors }) => {
      await page.goto(url('/'));
      await page.waitForLoadState('networkidle');
      expect(await live(page, 'accueil-fin')).toBe(false);
      await markTheDocument(page);
      const form = page.getByRole('form', { name: 'Inscription à la newsletter' });
      await form.getByRole('textbox', { name: /e-mail/i }).focus();
      await page.keyboard.type('plus-tard@exemple.fr');
      await page.keyboard.press('Enter');
      // The app's own check answers (consent not given), in the same document.
      await form.getByText('Cochez cette case pour vous abonner : sans votre accord, nous ne vous écrirons pas.').waitFor();
      expect(await sameDocument(page)).toBe(true);
      expect(new URL(page.url()).search).toBe('');
      expect(await live(page, 'accueil-fin')).toBe(true);
      expect(errors.filter((message) => /Minified React error|hydrat/i.test(message))).toEqual([]);
    });
  });
});
