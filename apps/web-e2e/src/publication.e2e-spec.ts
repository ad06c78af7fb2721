import { adminSession, adminTools, deleteToolByApi, listTools, pdfBytes } from './support/api';
import { eventually, expectHeading, useBrowser, stackInfo, url, waitForPath, withPage } from './support/browser';
import { cards } from './support/listing';

/** A moment as the date and time inputs take it, on a clock in Paris (docs/product/rules.md#R654). */
function parisInputs(instant: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

describe('drafts and scheduled publication (docs/product/rules.md#R650–R656)', () => {
  const browser = useBrowser();

  it('an admin creates a draft, previews it, schedules it, and sees it appear in the public listing by itself', async () => {
    await withPage(browser(), 'publication-journey', {}, async ({ page }) => {
      const name = `Brouillon e2e ${Date.now().toString(36)}`;

      await page.goto(url('/login'));
      await page.getByLabel('Adresse e-mail', { exact: true }).fill(stackInfo().adminEmail);
      await page.getByLabel('Mot de passe', { exact: true }).fill(stackInfo().adminPassword);
      await page.getByRole('button', { name: 'SE CONNECTER' }).click();
      await waitForPath(page, '/profile');

      // --- Create it as a draft.
      await page.goto(url('/admin/tools/new'));
      await expectHeading(page, 'Ajouter un outil');
      await page.getByLabel("Fichier de l’outil").setInputFiles({ name: 'brouillon.pdf', mimeType: 'application/pdf', buffer: pdfBytes(name) });
      await page.getByLabel('Titre', { exact: true }).fill(name);
      await page.getByLabel('Description', { exact: true }).fill('Un outil préparé à l’avance.');
      await page.getByLabel(/^Type d.outils$/).selectOption({ index: 1 });
      await page.getByLabel('Sujet', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Difficulté', { exact: true }).selectOption({ label: 'Simple' });
      const publication = page.getByRole('group', { name: 'Publication' });
      await publication.getByRole('radio', { name: /^Brouillon/ }).check();
      await page.getByRole('button', { name: "Ajouter l’outil" }).click();
      await expectHeading(page, `« ${name} » est enregistré comme brouillon`, 2);
      const tool = (await adminTools(await adminSession())).find((t) => t.name === name)!;
      expect(tool).toBeDefined();
      expect((await listTools(`q=${encodeURIComponent(name)}`)).tools.map((t) => t.id)).not.toContain(tool.id);

      try {
        // --- Its preview: the public sheet with the banner, for the admin only.
        await page.getByRole('link', { name: 'Voir l’aperçu de la fiche' }).click();
        await waitForPath(page, `/toolspage/${tool.slug}`);
        await expectHeading(page, name);
        await page.getByText('Aperçu — non publié.').waitFor();
        // No 'Publié récemment · Nouveau' under the banner of a draft (R748).
        expect(await page.getByText('Publié récemment', { exact: true }).count()).toBe(0);
        const guest = await browser().newPage();
        try {
          await guest.goto(url(`/toolspage/${tool.slug}`));
          await guest.getByRole('heading', { level: 1, name: 'ERREUR 404' }).waitFor();
          expect(await guest.getByRole('heading', { name, exact: true }).count()).toBe(0);
        } finally {
          await guest.close();
        }

        // --- The dashboard's badge, then schedule it for the coming minute (Paris time).
        await page.goto(url('/admin'));
        await expectHeading(page, 'Admin Dashboard');
        const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
        await row.getByText('Brouillon', { exact: true }).waitFor();
        await row.getByRole('link', { name: `Modifier ${name}` }).click();
        await expectHeading(page, `Editer ${name}`);
        await eventually(async () => expect(await page.getByLabel('Titre', { exact: true }).inputValue()).toBe(name));
        await page.getByRole('group', { name: 'Publication' }).getByRole('radio', { name: /^Programmé/ }).check();
        const at = Math.ceil((Date.now() + 65_000) / 60_000) * 60_000;
        const { date, time } = parisInputs(at);
        await page.getByLabel('Date de publication', { exact: true }).fill(date);
        await page.getByLabel('Heure de publication (heure de Paris)', { exact: true }).fill(time);
        await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
        await page.getByRole('status').filter({ hasText: 'L’outil a bien été modifié.' }).waitFor();
        await page.goto(url('/admin'));
        await row.getByText(/^Programmé le \d\d\/\d\d à \d\d:\d\d$/).waitFor();

        // --- Nothing more is done: at its moment it is in the public listing, first (newest).
        await page.goto(url('/toolspage'));
        await eventually(async () => {
          await page.reload();
          expect((await cards(page).first().getByRole('heading').textContent())?.trim()).toBe(name);
        }, 200_000, 5_000);
        expect(Date.now()).toBeGreaterThanOrEqual(at - 1_000);
      } finally {
        await deleteToolByApi(await adminSession(), tool.id);
      }
    });
  }, 300_000);
});
