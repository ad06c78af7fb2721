import { adminSession, adminTools } from './support/api';
import { expectDownload, expectHeading, useBrowser, screenshot, url, waitForPath, withPage } from './support/browser';

/** docs/product/rules.md#R675–R683: from the dashboard's count to the tool's curve, its table and a CSV export. */
describe('an admin reading the statistics', () => {
  const browser = useBrowser();

  it('opens a tool’s curve from the dashboard’s count, reads its table and exports the download log as CSV', async () => {
    const session = await adminSession();
    const [tool] = await adminTools(session);
    await withPage(browser(), 'admin-insights-journey', { session }, async ({ page, context }) => {
      await page.goto(url('/admin'));
      await expectHeading(page, 'Admin Dashboard');
      await page.getByRole('link', { name: new RegExp(`voir la courbe de ${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
      await waitForPath(page, '/admin/stats');
      expect(new URL(page.url()).searchParams.get('tool')).toBe(String(tool.id));
      await expectHeading(page, 'Statistiques');
      await page.getByText(`Outil : ${tool.name}`).waitFor();
      // Folded under its chart (R745): one press away.
      await page.getByText('Voir les données du graphique (30 lignes)').first().click();
      const table = page.getByRole('table', { name: 'Téléchargements : données du graphique' });
      await table.waitFor();
      // 30 days by default: a header row and one row per day.
      expect(await table.getByRole('row').count()).toBe(31);

      const file = await expectDownload(context, page, () => page.getByRole('button', { name: 'Exporter le journal des téléchargements' }).click());
      expect(file.fileName).toMatch(/^outils-telechargements-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      expect(file.bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe('id;date (UTC);jour (Paris);id outil;outil;e-mail;compté;motif d’exclusion;version');
    });
  });
});

/**
 * docs/product/rules.md#R745: 'Statistiques' and 'Contacts' laid out like the other admin pages,
 * measured in the browser() (boxes and computed styles), on a desktop and a phone.
 */
describe('the statistics and contacts pages look like the other admin pages', () => {
  const browser = useBrowser();

  it.each([[1280, 800], [390, 844]])('at %i px: centred content, cards, labelled 44 px fields, folded chart tables, nothing wider than the screen', async (width, height) => {
    const session = await adminSession();
    await withPage(browser(), `admin-insights-layout-${width}`, { session, width, height }, async ({ page }) => {
      await page.goto(url('/admin/stats'));
      await expectHeading(page, 'Statistiques');
      await page.getByRole('region', { name: 'Sur la période' }).waitFor();
      const layout = await page.evaluate(() => {
        const box = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
        const h1 = box(document.querySelector('main h1'));
        const from = document.querySelector('input[name="from"]') as HTMLInputElement;
        const label = document.querySelector(`label[for="${from.id}"]`);
        const figures = [...document.querySelectorAll('dl dd')].map((dd) => {
          const card = dd.parentElement!;
          const style = getComputedStyle(card);
          return { top: Math.round(card.getBoundingClientRect().top), background: style.backgroundColor, shadow: style.boxShadow };
        });
        const filters = getComputedStyle(document.querySelector('form[aria-label="Filtres des statistiques"]')!);
        return {
          h1Left: h1!.left, fromHeight: box(from)!.height, labelAbove: box(label)!.bottom <= box(from)!.top + 1,
          figures, filtersBackground: filters.backgroundColor, filtersRadius: parseFloat(filters.borderTopLeftRadius),
          scrollWidth: document.documentElement.scrollWidth,
        };
      });
      // Not against the window’s left edge: the admin pages’ margins (the dashboard’s heading is at 56 px).
      expect(layout.h1Left).toBeGreaterThanOrEqual(width >= 1000 ? 40 : 12);
      expect(layout.fromHeight).toBeGreaterThanOrEqual(44);
      expect(layout.labelAbove).toBe(true);
      expect(layout.filtersBackground).toBe('rgb(255, 255, 255)');
      expect(layout.filtersRadius).toBeGreaterThan(0);
      // Key figures are cards: a white card with a shadow each, side by side on a desktop.
      expect(layout.figures).toHaveLength(4);
      for (const figure of layout.figures) {
        expect(figure.background).toBe('rgb(255, 255, 255)');
        expect(figure.shadow).not.toBe('none');
      }
      if (width >= 1000) expect(new Set(layout.figures.map((f) => f.top)).size).toBe(1);
      expect(layout.scrollWidth).toBeLessThanOrEqual(width);
      // Each chart keeps its table, folded: hidden until its summary is pressed (keyboard too).
      const table = page.getByRole('table', { name: 'Inscriptions et abonnements : données du graphique' });
      expect(await table.isVisible()).toBe(false);
      const summary = page.getByText(/^Voir les données du graphique/).nth(1);
      await summary.focus();
      await page.keyboard.press('Enter');
      await table.waitFor();
      await screenshot(page, `admin-stats-layout-${width}`);

      await page.goto(url('/admin/leads'));
      await expectHeading(page, 'Contacts');
      const search = page.getByLabel('Rechercher une adresse e-mail');
      const leads = await page.evaluate(() => ({
        h1Left: document.querySelector('main h1')!.getBoundingClientRect().left,
        scrollWidth: document.documentElement.scrollWidth,
      }));
      expect(leads.h1Left).toBeGreaterThanOrEqual(width >= 1000 ? 40 : 12);
      expect((await search.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(leads.scrollWidth).toBeLessThanOrEqual(width);
      await screenshot(page, `admin-leads-layout-${width}`);
    });
  });
});
