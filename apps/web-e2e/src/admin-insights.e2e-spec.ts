import type { Browser } from 'playwright-core';
import { adminSession, adminTools } from './support/api';
import { expectDownload, expectHeading, launchBrowser, url, waitForPath, withPage } from './support/browser';

/** docs/product/rules.md#R675–R683: from the dashboard's count to the tool's curve, its table and a CSV export. */
describe('an admin reading the statistics', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('opens a tool’s curve from the dashboard’s count, reads its table and exports the download log as CSV', async () => {
    const session = await adminSession();
    const [tool] = await adminTools(session);
    await withPage(browser, 'admin-insights-journey', { session }, async ({ page, context }) => {
      await page.goto(url('/admin'));
      await expectHeading(page, 'Admin Dashboard');
      await page.getByRole('link', { name: new RegExp(`voir la courbe de ${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
      await waitForPath(page, '/admin/stats');
      expect(new URL(page.url()).searchParams.get('tool')).toBe(String(tool.id));
      await expectHeading(page, 'Statistiques');
      await page.getByText(`Outil : ${tool.name}`).waitFor();
      const table = page.getByRole('table', { name: 'Téléchargements : données du graphique' });
      await table.waitFor();
      // 30 days by default: a header row and one row per day.
      expect(await table.getByRole('row').count()).toBe(31);

      const file = await expectDownload(context, page, () => page.getByRole('button', { name: 'Exporter le journal des téléchargements' }).click());
      expect(file.fileName).toMatch(/^outils-telechargements-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      expect(file.bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe('id;date (UTC);jour (Paris);id outil;outil;e-mail;compté;motif d’exclusion');
    });
  });
});
