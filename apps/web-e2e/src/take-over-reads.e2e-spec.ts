import type { Page } from 'playwright-core';
import { allTools, ApiTool } from './support/api';
import { stackInfo, url, useBrowser, withPage } from './support/browser';

/** The API reads a page makes from now on (images are files, not reads). */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const address = new URL(request.url());
    if (address.origin === new URL(stackInfo().apiUrl).origin && !/^\/(api\/)?tools\/(images|previews)\//.test(address.pathname)) reads.push(address.pathname + address.search);
  });
  return reads;
}

/** Until the app has taken the page over and the network is quiet. */
async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'));
  await page.waitForLoadState('networkidle');
}

/**
 * docs/product/rules.md#R830, #R835, #R861: a guest's phone takes a page the web server rendered
 * over with the answers it came with, and asks the API nothing while it does; the sheet's
 * usefulness figure, which no kept page holds, is read once its question comes near the screen.
 */
describe('a guest’s phone taking a server-rendered page over', () => {
  const browser = useBrowser();
  let tool: ApiTool;
  beforeAll(async () => {
    tool = (await allTools())[0];
  });

  it.each([[390, 844], [1350, 940]])('asks the API nothing while a sheet is taken over at %i × %i, then reads the usefulness figure at its question', async (width, height) => {
    await withPage(browser(), `take-over-sheet-${width}`, { width, height }, async ({ page }) => {
      const reads = apiReads(page);
      await page.goto(url(`/toolspage/${tool.slug}`));
      await takenOver(page);
      expect(await page.locator('#root[data-server-rendered]').count()).toBe(1);
      expect(reads).toEqual([]);

      const figure = page.waitForResponse((response) => response.url().includes(`/api/usefulness/${tool.id}`));
      await page.getByRole('region', { name: 'Cet outil vous a-t-il aidé ?' }).scrollIntoViewIfNeeded();
      await figure;
      expect(reads).toEqual([`/api/usefulness/${tool.id}`]);
    });
  });

  it('asks the API nothing while the library is taken over', async () => {
    await withPage(browser(), 'take-over-library', { width: 390, height: 844 }, async ({ page }) => {
      const reads = apiReads(page);
      await page.goto(url('/toolspage'));
      await takenOver(page);
      expect(await page.locator('#root[data-server-rendered]').count()).toBe(1);
      expect(reads).toEqual([]);
    });
  });
});
