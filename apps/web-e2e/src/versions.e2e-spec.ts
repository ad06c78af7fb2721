import { adminSession, apiFetch, createMember, createToolByApi, pdfBytes, PERSON_USER_AGENT } from './support/api';
import { linkIn, stackInfo, useBrowser, useDatabase, waitForMail, withPage } from './support/browser';


/**
 * Tool versions end to end (docs/product/rules.md#R900–R917): an admin uploads a new version with
 * its note; the member who downloaded the tool sees it in 'Mes téléchargements' and on the sheet,
 * gets the day's digest by e-mail and leaves these alerts in one click.
 */
describe('tool versions: a new file, its note, and a word to the people who use it', () => {
  const browser = useBrowser();
  const database = useDatabase();

  it('admin uploads version 2 with a note; the member sees it, gets the digest and unsubscribes in one click', async () => {
    const admin = await adminSession();
    const title = `Checklist RGPD ${Date.now().toString(36)}`;
    const tool = await createToolByApi(admin, { title, description: 'Les points à vérifier.' });
    const member = await createMember('versions');

    // The member downloads version 1.
    const link = await apiFetch<{ url: string }>(`/tools/download?toolId=${tool.id}`, { headers: { userEmail: member.email, userToken: member.token } });
    const file = await fetch(link.body.url, { headers: { 'User-Agent': PERSON_USER_AGENT, Accept: 'application/pdf' } });
    expect(file.status).toBe(200);
    await file.arrayBuffer();

    // The admin replaces the file: the note « Quoi de neuf ? » appears with the new file and is required.
    await withPage(browser(), 'versions-admin', { session: admin }, async ({ page }) => {
      await page.goto(`${stackInfo().webUrl}/admin/tools/edit?id=${tool.id}`);
      await page.getByRole('heading', { level: 1, name: `Editer ${title}` }).waitFor();
      await page.getByLabel('Remplacer le fichier de l’outil').setInputFiles({ name: 'checklist-v2.pdf', mimeType: 'application/pdf', buffer: pdfBytes(`${title} v2`) });
      const note = page.getByLabel('Quoi de neuf ?');
      await note.waitFor();
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await page.getByText('Dites ce qui change dans cette version', { exact: false }).first().waitFor();
      await note.fill('Article 30 ajouté.\nDeux questions en plus.');
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await page.getByRole('heading', { name: 'Versions du fichier' }).waitFor();
      await page.getByRole('heading', { name: /^Version 2 · / }).waitFor();
      await page.getByRole('button', { name: 'Rétablir la version 1' }).waitFor();
    });

    await withPage(browser(), 'versions-member', { session: member }, async ({ page }) => {
      // 'Mes téléchargements': marked, with one click to get it.
      await page.goto(`${stackInfo().webUrl}/profile/downloads`);
      const fresh = page.getByRole('region', { name: 'Nouvelle version disponible' });
      await fresh.getByRole('link', { name: title }).waitFor();
      await fresh.getByText('Version 2 (vous avez la version 1)').waitFor();
      await fresh.getByRole('button', { name: /Télécharger la version 2/ }).waitFor();

      // The sheet says which version it serves and what changed.
      await page.goto(`${stackInfo().webUrl}/toolspage/${tool.slug}`);
      await page.getByText(/^Version 2 · mise à jour le /).waitFor();
      await page.getByText('Article 30 ajouté.', { exact: false }).first().waitFor();
      await page.getByRole('heading', { name: 'Historique des versions' }).waitFor();
    });

    // The day's digest, as the morning's schedule starts it (docs/product/rules.md#R912).
    await database().query(`INSERT INTO outbox_message (job_name, payload) VALUES ('send-update-digests', '{}'::jsonb)`);
    const mail = await waitForMail(member.email, `Nouvelle version : ${title}`);
    expect(mail.text).toContain('Quoi de neuf ? Article 30 ajouté.');
    const unsubscribe = linkIn(mail.text, `${stackInfo().webUrl}/alertes/desinscription?`);

    await withPage(browser(), 'versions-unsubscribe', {}, async ({ page }) => {
      await page.goto(unsubscribe);
      await page.getByRole('heading', { level: 1, name: 'Alertes de mise à jour' }).waitFor();
      // Opening the page changes nothing; the button does.
      expect((await database().query(`SELECT update_alerts FROM app_user WHERE email = $1`, [member.email])).rows[0].update_alerts).toBe(true);
      await page.getByRole('button', { name: 'Ne plus recevoir ces alertes' }).click();
      await page.getByText('vous ne recevrez plus d’alerte', { exact: false }).waitFor();
    });
    expect((await database().query(`SELECT update_alerts FROM app_user WHERE email = $1`, [member.email])).rows[0].update_alerts).toBe(false);
  });
});
