import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { adminSession } from './support/api';
import { launchBrowser, screenshot, Session, withPage } from './support/browser';
import { openRoute, RouteCase, specRoutes } from './support/routes';

const WIDTHS = [390, 1280] as const;
const DOCS = resolve(__dirname, '../../../docs/screenshots');

/** The docs' copies stay small: 4 bits per channel (no visible loss on flat UI colours), best deflate. */
function compactPng(source: Buffer): Buffer {
  const image = PNG.sync.read(source);
  const out = new PNG({ width: image.width, height: image.height });
  for (let i = 0; i < image.data.length; i += 1) {
    const v = image.data[i] & 0xf0;
    out.data[i] = i % 4 === 3 ? 255 : v | (v >> 4);
  }
  return PNG.sync.write(out, { deflateLevel: 9, colorType: 2 });
}

/**
 * Every route of docs/product/screens.md#routes at 390 px and 1280 px, into test-artifacts/screenshots (not committed).
 * With E2E_UPDATE_DOCS=1 the home and listing views at 1280 px are also written to
 * docs/screenshots/ (committed, shown by the README); otherwise the committed files stay as they are.
 */
describe('screenshots', () => {
  let browser: Browser;
  let routes: RouteCase[];
  let admin: Session;
  const runs: Record<number, Promise<string[]>> = {};

  async function shoot(width: number): Promise<string[]> {
    const overflowing: string[] = [];
    const visit = async (list: RouteCase[], who: string, session?: Session) => {
      await withPage(browser, `screenshots-${width}-${who}`, { width, height: 900, session }, async ({ page }) => {
        for (const route of list) {
          await openRoute(page, route.path);
          const file = await screenshot(page, `${route.name}-${width}`);
          expect(statSync(file).size).toBeGreaterThan(5000);
          // Nothing wider than the screen: no sideways scrolling on a phone.
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) overflowing.push(`${route.path} (${scrollWidth} px)`);
          if (process.env.E2E_UPDATE_DOCS === '1' && width === 1280 && (route.name === 'home' || route.name === 'toolspage')) {
            mkdirSync(DOCS, { recursive: true });
            const viewOnly = await screenshot(page, `${route.name}-${width}-viewport`, false);
            writeFileSync(join(DOCS, `${route.name}.png`), compactPng(readFileSync(viewOnly)));
          }
        }
      });
    };
    await visit(routes.filter((r) => r.access === 'public'), 'visiteur');
    await visit(routes.filter((r) => r.access !== 'public'), 'admin', admin);
    return overflowing;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    routes = await specRoutes();
    admin = await adminSession();
    // Both widths side by side, each in its own contexts.
    for (const width of WIDTHS) {
      runs[width] = shoot(width);
      runs[width].catch(() => undefined); // reported by its test
    }
  });
  afterAll(async () => {
    await Promise.allSettled(Object.values(runs));
    await browser?.close();
  });

  it.each(WIDTHS)('takes every route at %i px wide, none wider than the screen', async (width) => {
    expect(await runs[width]).toEqual([]);
  }, 240_000);
});
