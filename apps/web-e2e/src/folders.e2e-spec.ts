import type { Page } from 'playwright-core';
import yauzl from 'yauzl';
import { adminSession, adminTools, allTools, createMember } from './support/api';
import { eventually, expectDownload, expectHeading, useBrowser, screenshot, url, waitForPath, withPage } from './support/browser';
import { card } from './support/listing';

/** The ZIP's entry names, in order, and the README's text, read with a real ZIP reader. */
function zipEntries(bytes: Buffer): Promise<{ names: string[]; readme: string }> {
  return new Promise((done, fail) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return fail(error);
      const names: string[] = [];
      let readme = '';
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return fail(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            if (entry.fileName === 'LISEZ-MOI.txt') readme = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => done({ names, readme }));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}

const live = (page: Page) => page.locator('[role="status"][aria-live="polite"]');
const announced = (page: Page, text: string) => eventually(async () => expect(await live(page).allTextContents()).toContain(text));

async function addTo(page: Page, scope: ReturnType<Page['locator']> | Page, toolName: string, folder: string) {
  await scope.getByRole('button', { name: `Ajouter à un dossier : « ${toolName} »` }).click();
  await page.getByRole('menuitemcheckbox', { name: folder }).click();
  await announced(page, `Ajouté au dossier « ${folder} ».`);
}

/** docs/product/rules.md#R500–R524: a folder composed from the listing and the sheet, reordered by keyboard, downloaded. */
describe('a member’s download folder', () => {
  const browser = useBrowser();

  it('composes a folder from the listing and the sheet, reorders it by keyboard, downloads the ZIP and counts each tool', async () => {
    const member = await createMember('dossiers');
    const [first, second, third] = (await allTools()).slice(0, 3);
    const admin = await adminSession();
    const countOf = async (id: number) => (await adminTools(admin)).find((t) => t.id === id)?.downloadCount ?? -1;
    const before = await Promise.all([first, second, third].map((t) => countOf(t.id)));

    await withPage(browser(), 'folders-journey', { session: member }, async ({ page, context }) => {
      const folder = 'Ma rentrée numérique';
      // From the listing: a new folder with the first tool, then the second tool in it.
      await page.goto(url('/toolspage'));
      await card(page, first.name).waitFor();
      await card(page, first.name).getByRole('button', { name: `Ajouter à un dossier : « ${first.name} »` }).click();
      await page.getByRole('menuitem', { name: 'Nouveau dossier…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau dossier' });
      await dialog.getByLabel('Nom du dossier').fill(folder);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await announced(page, `Ajouté au dossier « ${folder} ».`);
      await addTo(page, card(page, second.name), second.name, folder);

      // From the sheet: the third tool; the menu shows where the tool already is.
      await page.goto(url(`/toolspage/${third.slug}`));
      await expectHeading(page, third.name);
      await addTo(page, page, third.name, folder);
      await page.getByRole('button', { name: `Ajouter à un dossier : « ${third.name} »` }).click();
      expect(await page.getByRole('menuitemcheckbox', { name: folder }).getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('Escape');

      // 'Mes dossiers' from the header's menu, then the folder.
      await page.getByRole('button', { name: 'Mon espace' }).click();
      await page.getByRole('menuitem', { name: 'Mes dossiers' }).click();
      await waitForPath(page, '/toolspage/folders');
      // docs/product/rules.md#R732: each folders page names the browser's tab.
      await expectHeading(page, 'Mes dossiers');
      await eventually(async () => expect(await page.title()).toBe('Mes dossiers — Outils'));
      await page.getByRole('link', { name: folder }).click();
      await expectHeading(page, folder);
      await eventually(async () => expect(await page.title()).toBe(`${folder} — Mes dossiers — Outils`));
      const order = () => page.getByRole('list', { name: `Outils du dossier « ${folder} »` }).getByRole('article').getByRole('heading').allTextContents();
      expect(await order()).toEqual([first.name, second.name, third.name]);

      // Keyboard only: the first tool goes down twice; the focus follows it.
      await page.getByRole('button', { name: `Descendre « ${first.name} »` }).focus();
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await order()).toEqual([second.name, first.name, third.name]));
      await announced(page, `« ${first.name} » est maintenant en position 2 sur 3.`);
      await eventually(async () => expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Descendre « ${first.name} »`));
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await order()).toEqual([second.name, third.name, first.name]));
      // At the end of the list, the focus moves to the card's other button.
      await eventually(async () => expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Monter « ${first.name} »`));

      await screenshot(page, 'folder-page');

      // The ZIP at once: a member is not asked for an e-mail (docs/product/rules.md#R729); its entries in the folder's order.
      const zip = await expectDownload(context, page, () => page.getByRole('button', { name: `Télécharger le dossier (ZIP) « ${folder} »` }).click());
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(zip.fileName).toBe('ma-rentree-numerique.zip');
      const { names, readme } = await zipEntries(zip.bytes);
      expect(names).toHaveLength(4);
      expect(names[0]).toBe('LISEZ-MOI.txt');
      expect(names.slice(1).map((n) => n.replace(/\.[a-z]+$/, ''))).toEqual([
        `01-${second.slug}`.slice(0, 83), `02-${third.slug}`.slice(0, 83), `03-${first.slug}`.slice(0, 83),
      ]);
      for (const tool of [first, second, third]) expect(readme).toContain(`/toolspage/${tool.slug}`);
    });

    // Each tool counted one download.
    await eventually(async () => {
      expect(await Promise.all([first, second, third].map((t) => countOf(t.id)))).toEqual(before.map((n) => n + 1));
    });
  }, 60_000);
});
