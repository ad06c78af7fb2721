import type { Browser } from 'playwright-core';
import { apiFetch, createMember } from './support/api';
import { eventually, expectHeading, launchBrowser, linkIn, pathOf, stackInfo, storageItem, waitForMail, withPage } from './support/browser';

/**
 * The one-time login link by e-mail (docs/product/rules.md#R770), which the login page offers
 * when the password alone is refused for a while (docs/product/rules.md#R769; the offer itself is
 * covered by the web's tests, since this stack runs without rate limits). Opening the link does
 * nothing; its button opens the session, once.
 */
describe('login link by e-mail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the session on the button only, once, keyboard only', async () => {
    const member = await createMember('lien-connexion');
    const sent = await apiFetch('/api/login/link', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: member.email }) });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(member.email, 'Votre lien de connexion');
    const link = linkIn(mail.text, `${stackInfo().webUrl}/login/link?`);

    await withPage(browser, 'login-link', { width: 390, height: 844 }, async ({ page }) => {
      await page.goto(link, { waitUntil: 'networkidle' });
      await expectHeading(page, 'Se connecter avec le lien reçu par e-mail');
      await eventually(async () => expect(pathOf(page)).toBe('/login/link'));
      expect(await storageItem(page, 'token')).toBeNull();
      await page.getByRole('button', { name: 'Me connecter' }).focus();
      await page.keyboard.press('Enter');
      await expectHeading(page, 'Vous êtes connecté');
      await eventually(async () => expect(await storageItem(page, 'current_user_email')).toBe(member.email));
      expect(await storageItem(page, 'token')).toBeTruthy();
      await page.getByRole('main').getByRole('link', { name: 'Aller à mon profil' }).click();
      await expectHeading(page, 'Modifier mon compte');
    });

    // The same link again, in another browser: it has served.
    await withPage(browser, 'login-link-again', {}, async ({ page }) => {
      await page.goto(link);
      await page.getByRole('button', { name: 'Me connecter' }).click();
      await page.getByText('Ce lien de connexion n’est plus valide', { exact: false }).waitFor();
      expect(await storageItem(page, 'token')).toBeNull();
      expect(await page.getByRole('link', { name: 'Aller à la page de connexion' }).getAttribute('href')).toBe('/login');
    });
  });
});
