import { adminSession } from './support/api';
import { eventually, expectHeading, url, useBrowser, waitForPath, withPage } from './support/browser';

/** docs/product/rules.md#R970–R972: a visitor's search that finds nothing shows up, folded, on the admins' page 'Recherches'. */
describe('what visitors look for', () => {
  const browser = useBrowser();

  it('a guest searches for something the library lacks, and the admin sees it among the searches without result', async () => {
    const word = `Logiciel de CAISSE Éphémère ${Date.now().toString(36)}`;
    const folded = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

    await withPage(browser(), 'searches-guest', {}, async ({ page }) => {
      await page.goto(url('/toolspage'));
      const box = page.getByRole('combobox', { name: 'Rechercher un outil' });
      await box.fill(word);
      await box.press('Enter');
      await waitForPath(page, /[?&]q=/);
      await page.getByRole('heading', { name: 'Aucun résultat', level: 2 }).waitFor();
      // Counted once it has stayed on screen a moment (not each word typed).
      await page.waitForResponse((res) => res.url().endsWith('/api/searches') && res.request().method() === 'POST');
    });

    const admin = await adminSession();
    await withPage(browser(), 'searches-admin', { session: admin }, async ({ page }) => {
      await page.goto(url('/admin'));
      await expectHeading(page, 'Admin Dashboard');
      await page.getByRole('link', { name: 'Recherches' }).click();
      await expectHeading(page, 'Recherches');
      const none = page.getByRole('table', { name: 'Sans résultat' });
      await eventually(async () => {
        await page.reload();
        await expectHeading(page, 'Recherches');
        expect(await none.getByRole('rowheader', { name: folded, exact: true }).count()).toBe(1);
      });
      const cells = await none.getByRole('row', { name: new RegExp(folded) }).getByRole('cell').allTextContents();
      // Searches, without result, results of the last day, opened.
      expect(cells).toEqual(['1', '1', '0', '0']);
    });
  });
});
