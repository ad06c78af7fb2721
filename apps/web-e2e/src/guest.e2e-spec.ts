import { allTools, ApiTool, createMember, filters, listTools } from './support/api';
import {
  eventually, expectDownload, expectHeading, expectRealFile, useBrowser, pathOf, stackInfo, storageItem, url, waitForPath, withPage,
} from './support/browser';
import { card, countText, expectCardNames, filterOption, results, sheetDownloadName } from './support/listing';

/** The guest favourite alerts (docs/product/rules.md#R112). */
const LISTING_ALERT = 'Psssst, les favoris sont réservés aux abonnés. Pensez à vous connecter ou créez-vous un compte ;)';
const SHEET_ALERT = 'Merci de vous connecter pour enregistrer des favoris.';

describe('a guest', () => {
  const browser = useBrowser();
  let catalogue: ApiTool[];
  beforeAll(async () => {
    catalogue = await allTools();
  });

  it('goes from home to the explorer, filters by each group, searches, paginates and opens sheets three ways', async () => {
    await withPage(browser(), 'guest-browse', {}, async ({ page }) => {
      await page.goto(url('/'));
      await expectHeading(page, 'La bibliothèque la plus cool pour digitaliser son activité soi-même');
      await page.getByRole('link', { name: 'Explorer la bibliothèque' }).click();
      await waitForPath(page, '/toolspage');
      await expectHeading(page, 'Tous les outils');
      expect(await page.title()).toBe('Explorez les outils pour digitaliser votre activité vous-même');
      await page.getByRole('heading', { name: 'Filtrer par' }).waitFor();

      const page1 = await listTools('page=1');
      expect(page1.lastPage).toBeGreaterThanOrEqual(3);
      await expectCardNames(page, page1.tools.map((t) => t.name));
      await results(page).getByRole('status').filter({ hasText: countText(page1.total ?? catalogue.length) }).waitFor();

      // Each group of the side menu: the first choice narrows the list to what the API gives.
      const f = await filters();
      const groups = [
        { legend: 'Sujet', param: 'categories', choice: f.categories[0], matches: (t: ApiTool) => t.category.id === f.categories[0].id },
        { legend: 'Type d’outils', param: 'types', choice: f.types[0], matches: (t: ApiTool) => t.type.id === f.types[0].id },
        { legend: 'Difficulté', param: 'difficulties', choice: f.difficulties[0], matches: (t: ApiTool) => t.difficulty === f.difficulties[0].id },
      ];
      for (const group of groups) {
        const fieldset = page.getByRole('group', { name: group.legend, exact: true });
        const box = filterOption(fieldset, group.choice.name);
        // A click, not check(): the box follows the URL, which the router updates in a transition.
        await box.click();
        await waitForPath(page, new RegExp(`[?&]${group.param}=${encodeURIComponent(String(group.choice.id))}`));
        await eventually(async () => expect(await box.isChecked()).toBe(true));
        const expected = catalogue.filter(group.matches);
        expect(expected.length).toBeGreaterThan(0);
        const apiPage = await listTools(`page=1&${group.param}[]=${encodeURIComponent(String(group.choice.id))}`);
        await expectCardNames(page, apiPage.tools.map((t) => t.name));
        await results(page).getByRole('status').filter({ hasText: countText(expected.length) }).waitFor();
        await page.getByRole('link', { name: 'Réinitialiser les filtres' }).click();
        await waitForPath(page, '/toolspage');
        await expectCardNames(page, page1.tools.map((t) => t.name));
      }

      // Search.
      await page.getByRole('combobox', { name: 'Rechercher un outil' }).fill('RGPD');
      await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
      await waitForPath(page, /[?&]q=RGPD/);
      const found = await listTools('page=1&q=RGPD');
      expect(found.tools.map((t) => t.name)).toContain('Checklist RGPD pour les petites entreprises');
      await expectCardNames(page, found.tools.map((t) => t.name));
      await page.getByRole('combobox', { name: 'Rechercher un outil' }).fill('zzzz introuvable qwxv');
      await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
      await expectHeading(page, 'Aucun résultat', 2);
      await page.getByRole('link', { name: 'Réinitialiser les filtres' }).click();
      await expectCardNames(page, page1.tools.map((t) => t.name));

      // Pagination: 'Précédent' disabled on page 1, 'Suivant' on the last page.
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pagination.getByRole('button', { name: /Précédent/ }).isDisabled()).toBe(true);
      expect(await pagination.getByRole('button', { name: 'Page 1 sur', exact: false }).getAttribute('aria-current')).toBe('page');
      await pagination.getByRole('button', { name: /Suivant/ }).click();
      await waitForPath(page, /[?&]page=2/);
      const page2 = await listTools('page=2');
      await expectCardNames(page, page2.tools.map((t) => t.name));
      expect(page2.tools.map((t) => t.name)).not.toEqual(page1.tools.map((t) => t.name));
      await pagination.getByRole('button', { name: `Page ${page1.lastPage}`, exact: true }).click();
      await waitForPath(page, new RegExp(`[?&]page=${page1.lastPage}`));
      await expectCardNames(page, (await listTools(`page=${page1.lastPage}`)).tools.map((t) => t.name));
      expect(await pagination.getByRole('button', { name: /Suivant/ }).isDisabled()).toBe(true);
      await pagination.getByRole('button', { name: /Précédent/ }).click();
      await waitForPath(page, new RegExp(`[?&]page=${page1.lastPage - 1}`));

      // A sheet from a card low on the page: /toolspage/{slug}; back returns to the same place.
      const before = (await listTools(`page=${page1.lastPage - 1}`)).tools;
      await expectCardNames(page, before.map((t) => t.name));
      const low = before[before.length - 1];
      await card(page, low.name).scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(300);
      await card(page, low.name).getByRole('link', { name: low.name }).click();
      await waitForPath(page, `/toolspage/${low.slug}`);
      await expectHeading(page, low.name);
      // The breadcrumb's « Explorer » keeps the page the visitor came from.
      expect(await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Explorer' }).getAttribute('href'))
        .toBe(`/toolspage?page=${page1.lastPage - 1}`);
      await page.goBack();
      await waitForPath(page, new RegExp(`[?&]page=${page1.lastPage - 1}`));
      await expectCardNames(page, before.map((t) => t.name));
      await eventually(async () => expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(40));

      const tool = before[0];
      await card(page, tool.name).getByRole('link', { name: tool.name }).click();
      await waitForPath(page, `/toolspage/${tool.slug}`);
      await expectSheet(tool);

      // The same sheet by id and by the /tools/{id} reading.
      for (const path of [`/toolspage/details/${tool.id}`, `/tools/${tool.id}`]) {
        await page.goto(url(path));
        await expectSheet(tool);
        expect(pathOf(page)).toBe(path);
      }

      async function expectSheet(t: ApiTool) {
        await expectHeading(page, t.name);
        await eventually(async () => expect(await page.title()).toBe(t.name));
        expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toBe(t.description);
        const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
        expect(await breadcrumb.getByRole('link', { name: 'Explorer' }).getAttribute('href')).toMatch(/^\/toolspage(\?|$)/);
        await page.getByRole('heading', { name: 'Cet outil contient :' }).waitFor();
        await page.getByText('Niveau de difficulté').waitFor();
        await page.getByRole('button', { name: sheetDownloadName(t.name) }).waitFor();
      }
    });
  });

  it('tells on a sheet what the download is: format, size, pages, and shows the first page of a PDF (docs/product/rules.md#R633–R637)', async () => {
    await withPage(browser(), 'guest-file-facts', {}, async ({ page }) => {
      const tool = catalogue.find((t) => t.download.format === 'pdf' && t.preview)!;
      expect(tool).toBeDefined();
      await page.goto(url(`/toolspage/${tool.slug}`));
      await expectHeading(page, tool.name);
      const actions = page.getByRole('complementary', { name: 'Actions sur l’outil' });
      await actions.getByRole('img', { name: 'PDF' }).waitFor();
      const facts = (await actions.locator('dl').first().textContent())!.replace(/[\u00a0\u202f]/g, ' ');
      expect(facts).toMatch(/FormatPDF/);
      expect(facts).toMatch(/Taille\d+(,\d)? (Ko|Mo)/);
      expect(facts).toMatch(new RegExp(`Pages${tool.download.pages} pages?`));
      const button = actions.getByRole('button', { name: sheetDownloadName(tool.name) });
      expect((await button.textContent())!.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/^Télécharger le PDF \(\d+(,\d)? (Ko|Mo)\)$/);

      // The preview rendered by the worker (or the seed) is served and shown, its size reserved.
      const preview = page.getByRole('img', { name: `Aperçu de la première page de « ${tool.name} »` });
      await preview.scrollIntoViewIfNeeded();
      await eventually(async () => expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(tool.preview!.width));
      expect(await preview.getAttribute('height')).toBe(String(tool.preview!.height));
    });
  });

  it('downloads a tool: the e-mail popup first, then the file; the second download starts at once', async () => {
    await withPage(browser(), 'guest-download', {}, async ({ page, context }) => {
      const tool = catalogue.find((t) => t.name === 'Checklist RGPD pour les petites entreprises') ?? catalogue[0];
      await page.goto(url(`/toolspage/${tool.slug}`));
      await expectHeading(page, tool.name);
      expect(await storageItem(page, 'hasGivenEmail')).toBeNull();

      await page.getByRole('button', { name: sheetDownloadName(tool.name) }).click();
      const dialog = page.getByRole('dialog', { name: `Télécharger « ${tool.name} »` });
      await dialog.waitFor();
      await dialog.getByText('C’est facultatif', { exact: false }).waitFor();
      await dialog.getByLabel('Adresse e-mail (facultatif)').fill('pas-une-adresse');
      await dialog.getByRole('button', { name: 'Télécharger l’outil' }).click();
      await eventually(async () => expect(await dialog.getByLabel('Adresse e-mail (facultatif)').getAttribute('aria-invalid')).toBe('true'));

      const email = `visiteur-${Date.now().toString(36)}@example.com`;
      await dialog.getByLabel('Adresse e-mail (facultatif)').fill(email);
      await dialog.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ }).check();
      const registered = page.waitForResponse((r) => r.url().includes('/api/mailjet/register') && r.request().method() === 'POST');
      const file = await expectDownload(context, page, () => dialog.getByRole('button', { name: 'Télécharger l’outil' }).click());
      expectRealFile(file);
      expect(file.fileName).toMatch(new RegExp(`^${tool.slug.slice(0, 20)}`));
      const registration = await registered;
      expect(registration.status()).toBeLessThan(300);
      const sent = registration.request().postData() ?? '';
      expect(sent).toContain(email);
      expect(sent).toMatch(/consent/);
      await dialog.waitFor({ state: 'hidden' });
      await eventually(async () => expect(await storageItem(page, 'hasGivenEmail')).toBe('true'));

      // Second download, from a card of the listing: no popup.
      await page.goto(url('/toolspage'));
      const other = (await listTools('page=1')).tools.find((t) => t.id !== tool.id)!;
      await expectCardNames(page, (await listTools('page=1')).tools.map((t) => t.name));
      const second = await expectDownload(context, page, () => card(page, other.name).getByRole('button', { name: `Télécharger « ${other.name} »` }).click());
      expectRealFile(second);
      expect(await page.getByRole('dialog').count()).toBe(0);

      // An expired (or shared, altered) link opened in the browser: the sheet, in French, with a fresh download.
      await page.goto(`${stackInfo().apiUrl}/tools/file?toolId=${tool.id}&expires=1000&signature=${'A'.repeat(43)}`);
      await waitForPath(page, `/toolspage/${tool.slug}?telechargement=invalide`);
      await expectHeading(page, tool.name);
      await page.getByText(/Ce lien de téléchargement n’est pas valide/).waitFor();
      const fresh = await expectDownload(context, page, () => page.getByRole('button', { name: `Télécharger à nouveau « ${tool.name} »` }).click());
      expectRealFile(fresh);
    });
  });

  it('gets the favourite alerts on a card and on a sheet, and the guest modal from \'Mes favoris\'', async () => {
    await withPage(browser(), 'guest-favourites', {}, async ({ page }) => {
      await page.goto(url('/toolspage'));
      const first = (await listTools('page=1')).tools[0];
      await expectCardNames(page, (await listTools('page=1')).tools.map((t) => t.name));
      const star = card(page, first.name).getByRole('button', { name: `Ajouter « ${first.name} » aux favoris` });
      await star.click();
      const alert = page.getByRole('alertdialog', { name: 'Favoris réservés aux membres' });
      await alert.getByText(LISTING_ALERT, { exact: true }).waitFor();
      await alert.getByRole('button', { name: 'Fermer' }).click();
      await alert.waitFor({ state: 'hidden' });
      // Nothing changed for the guest: the star stays empty.
      expect(await star.getAttribute('aria-pressed')).toBe('false');

      await page.goto(url(`/toolspage/${first.slug}`));
      await expectHeading(page, first.name);
      // The sheet's own star (its related tools below have theirs).
      await page.getByRole('complementary', { name: 'Actions sur l’outil' }).getByRole('button', { name: 'Ajouter aux favoris' }).click();
      await alert.getByText(SHEET_ALERT, { exact: true }).waitFor();
      expect(await alert.getByRole('link', { name: 'Me connecter' }).getAttribute('href')).toBe('/login');
      await page.keyboard.press('Escape');
      await alert.waitFor({ state: 'hidden' });

      // 'Mes favoris' in the header: the guest modal, whose action goes to the sign-up.
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Mes favoris' }).click();
      const modal = page.getByRole('alertdialog', { name: 'Vos favoris vous attendent' });
      await modal.waitFor();
      await modal.getByRole('link', { name: 'Créer mon compte' }).click();
      await waitForPath(page, '/login/signup');
      await expectHeading(page, 'Créer un compte');

      // The favourites page itself is behind the login guard.
      await page.goto(url('/toolspage/favorites'));
      await waitForPath(page, '/login');
      await expectHeading(page, 'Connexion');

      // Logging in from the star's alert: back on the sheet, with the favourite added.
      const member = await createMember('favori-invite');
      await page.goto(url(`/toolspage/${first.slug}`));
      await expectHeading(page, first.name);
      await page.getByRole('complementary', { name: 'Actions sur l’outil' }).getByRole('button', { name: 'Ajouter aux favoris' }).click();
      await alert.getByRole('link', { name: 'Me connecter' }).click();
      await waitForPath(page, '/login');
      await page.getByLabel('Adresse e-mail', { exact: true }).fill(member.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'SE CONNECTER' }).click();
      await waitForPath(page, `/toolspage/${first.slug}`);
      await expectHeading(page, first.name);
      expect(await page.getByRole('complementary', { name: 'Actions sur l’outil' }).getByRole('button', { name: 'Ajouté' }).getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('on a phone: the account menu offers to log in or sign up, filters open as a sheet, pages read « Page 2 sur N »', async () => {
    await withPage(browser(), 'guest-phone', { width: 390, height: 844 }, async ({ page }) => {
      await page.goto(url('/toolspage'));
      const page1 = await listTools('page=1');
      await expectCardNames(page, page1.tools.map((t) => t.name));
      await page.getByRole('button', { name: 'Mon espace' }).click();
      expect(await page.getByRole('menuitem', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
      expect(await page.getByRole('menuitem', { name: 'Créer un compte' }).getAttribute('href')).toBe('/login/signup');
      await page.keyboard.press('Escape');

      const f = await filters();
      await page.getByRole('button', { name: 'Filtrer les outils' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filtrer par' });
      await sheet.getByRole('button', { name: `Voir ${countText(page1.total ?? catalogue.length)}` }).waitFor();
      await filterOption(sheet, f.categories[0].name).click();
      const narrowed = await listTools(`page=1&categories[]=${f.categories[0].id}`);
      await sheet.getByRole('button', { name: `Voir ${countText(narrowed.total ?? narrowed.tools.length)}` }).click();
      await sheet.waitFor({ state: 'hidden' });
      await expectCardNames(page, narrowed.tools.map((t) => t.name));

      await page.goto(url('/toolspage?page=2'));
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByText(`Page 2 sur ${page1.lastPage}`, { exact: true }).waitFor({ state: 'visible' });
      expect(await pagination.getByRole('button', { name: 'Page 1', exact: true }).isVisible()).toBe(false);
    });
  });

  it('sees the 404 page for unknown addresses and the 403 page for the admin area', async () => {
    await withPage(browser(), 'guest-errors', {}, async ({ page }) => {
      for (const path of ['/cette/page/nexiste/pas', '/info/404', '/toolspage/cet-outil-nexiste-pas', '/tools/999999']) {
        // docs/product/rules.md#R800: the web server's status says so too, for search engines.
        expect((await page.goto(url(path)))?.status()).toBe(404);
        await expectHeading(page, 'ERREUR 404');
        await page.getByText('Vous avez trouvé notre point faible', { exact: true }).waitFor();
        const main = page.getByRole('main');
        expect(await main.getByRole('link', { name: 'Explorer les outils' }).getAttribute('href')).toBe('/toolspage');
        // No stored e-mail and token: the home page, and an offer to log in.
        expect(await main.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
        expect(await main.getByRole('link', { name: 'Connectez-vous' }).getAttribute('href')).toBe('/login');
        expect(await main.locator('a[href="/toolspage/favorites"]').count()).toBe(0);
      }

      await page.goto(url('/notallowed'));
      await expectHeading(page, 'Accès non autorisé');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);

      for (const path of ['/admin', '/admin/tools/new']) {
        await page.goto(url(path));
        await waitForPath(page, '/notallowed');
        await expectHeading(page, 'Accès non autorisé');
      }
    });
  });
});
