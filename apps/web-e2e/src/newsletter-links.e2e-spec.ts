import { apiFetch } from './support/api';
import { linkIn, stackInfo, useBrowser, useDatabase, waitForMail, withPage } from './support/browser';

/**
 * The newsletter mails' links act only when the visitor presses the page's button, so a mail
 * scanner that opens them and runs their scripts neither confirms nor unsubscribes anyone
 * (docs/product/rules.md#R744). The subscription is read from the database itself.
 */
describe('newsletter links: nothing happens until the button is pressed', () => {
  const browser = useBrowser();
  const database = useDatabase();

  const status = async (email: string) => (await database().query(`SELECT status FROM newsletter_subscriber WHERE email = $1`, [email])).rows[0]?.status;

  it('a scanner opening the confirmation and unsubscribe links changes nothing; the visitor’s press does', async () => {
    const email = `scanner-${Date.now().toString(36)}@example.com`;
    const registered = await apiFetch('/api/mailjet/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, consent: true, source: 'home' }) });
    expect(registered.status).toBe(200);
    const mail = await waitForMail(email, 'Confirmez votre inscription');
    const confirmLink = linkIn(mail.text, `${stackInfo().webUrl}/newsletter/confirmed?`);
    const unsubscribeLink = linkIn(mail.text, `${stackInfo().webUrl}/newsletter/unsubscribe?`);

    // The scanner: opens each link, lets every script run and the network settle, leaves.
    await withPage(browser(), 'newsletter-scanner', {}, async ({ page }) => {
      for (const link of [confirmLink, unsubscribeLink]) {
        await page.goto(link, { waitUntil: 'networkidle' });
        await page.getByRole('button').filter({ hasText: /Confirmer mon inscription|Me désinscrire/ }).waitFor();
        await page.waitForLoadState('networkidle');
      }
    });
    expect(await status(email)).toBe('pending');

    // The person: presses the button of each page.
    await withPage(browser(), 'newsletter-person', { width: 390, height: 844 }, async ({ page }) => {
      await page.goto(confirmLink);
      await page.getByRole('heading', { level: 1, name: 'Confirmez votre inscription' }).waitFor();
      await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
      await page.getByRole('heading', { level: 1, name: 'Inscription confirmée' }).waitFor();
      await page.getByText('C’est confirmé : vous êtes inscrit(e) à la newsletter.', { exact: false }).waitFor();
      expect(await status(email)).toBe('subscribed');

      // The scanner again, on the way out: still subscribed.
      await page.goto(unsubscribeLink, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' }).waitFor();
      expect(await status(email)).toBe('subscribed');
      await page.getByRole('button', { name: 'Me désinscrire' }).click();
      await page.getByText('C’est fait : vous êtes désinscrit(e) de la newsletter', { exact: false }).waitFor();
      expect(await status(email)).toBe('unsubscribed');
    });
  });
});
