import type { Browser } from 'playwright-core';
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
});
