import type { Browser, Page } from 'playwright-core';
import { adminSession, ApiTool, createToolByApi, deleteToolByApi } from './support/api';
import { expectHeading, launchBrowser, Session, url, waitForPath, withPage } from './support/browser';
import { card, cards } from './support/listing';

const MARKUP = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const GOAL = '<a href="javascript:window.__xss=3">cliquez</a>';

/** No script of the tool's texts ran, and none of its markup became elements. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], script:text("__xss"), a[href^="javascript:"]').count()).toBe(0);
}

describe('texts of a tool', () => {
  let browser: Browser;
  let admin: Session;
  let tool: ApiTool;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminSession();
    // Created through the admin API, as a script could (multipart with the admin's credentials).
    tool = await createToolByApi(admin, {
      title: `Outil <b>piégé</b> ${Date.now().toString(36)}`,
      description: `Avant ${MARKUP} après`,
      goal: GOAL,
      people: '<svg onload="window.__xss=4"></svg>',
    });
  });
  afterAll(async () => {
    if (tool) await deleteToolByApi(admin, tool.id);
    await browser?.close();
  });

  it('show markup as text and run no script, on the sheet, the listing and the dashboard', async () => {
    expect(tool.description).toBe(`Avant ${MARKUP} après`);
    await withPage(browser, 'safety', { session: admin }, async ({ page }) => {
      let dialogs = 0;
      page.on('dialog', (d) => { dialogs += 1; void d.dismiss(); });

      await page.goto(url(`/toolspage/details/${tool.id}`));
      await expectHeading(page, tool.name);
      await page.getByText(`Avant ${MARKUP} après`, { exact: true }).first().waitFor();
      await page.getByText(GOAL, { exact: true }).waitFor();
      expect(await page.title()).toBe(tool.name);
      await expectInert(page);

      await page.goto(url('/toolspage'));
      await cards(page).first().waitFor();
      await card(page, tool.name).getByText(`Avant ${MARKUP} après`, { exact: true }).waitFor();
      await expectInert(page);

      await page.goto(url('/admin'));
      await page.getByRole('rowheader', { name: tool.name, exact: true }).waitFor();
      await expectInert(page);

      await page.goto(url(`/toolspage/${tool.slug}`));
      await waitForPath(page, `/toolspage/${tool.slug}`);
      await expectHeading(page, tool.name);
      await expectInert(page);
      expect(dialogs).toBe(0);
    });
  });
});
