import type { Browser, Page } from 'playwright-core';
import { apiFetch, listTools, uniqueEmail } from './support/api';
import {
  eventually, expectHeading, launchBrowser, linkIn, pathOf, stackInfo, storageItem, url, waitForMail, waitForPath, withPage,
} from './support/browser';
import { card, expectCardNames } from './support/listing';

/** The web's own field messages (features/account/texts.ts), written out so that a change shows. */
const AccountFieldMessages = {
  lastNameRequired: 'Saisissez votre nom.',
  firstNameRequired: 'Saisissez votre prénom.',
  mailRequired: 'Saisissez votre adresse e-mail.',
  passwordRequired: 'Saisissez un mot de passe.',
  passwordRule: 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
  passwordConfirmRequired: 'Confirmez le mot de passe.',
  consentRequired: "Cochez cette case pour accepter les conditions d’utilisation et la politique de confidentialité.",
  oldPasswordRequired: 'Saisissez votre mot de passe actuel pour modifier votre e-mail ou votre mot de passe.',
  deletePasswordRequired: 'Saisissez votre mot de passe pour supprimer votre compte.',
};

/** The API's messages the member sees (in French: docs/product/rules.md#R1, #R148), written out so that a change shows. */
const AccountMessages = {
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  loginWrongCredentials: 'Identifiants incorrects.',
  loginNotActivated: 'Votre compte n’est pas encore activé. Consultez l’e-mail de confirmation que nous vous avons envoyé.',
  activationResent: 'Si un compte non activé existe pour cette adresse, un nouvel e-mail d’activation vient d’être envoyé.',
  forgotSent: 'Si un compte existe pour cette adresse, un e-mail de récupération vient d’être envoyé.',
  resetDone: 'Votre mot de passe a bien été modifié. Vous pouvez maintenant vous connecter.',
  resetInvalid: 'Ce lien de réinitialisation n’est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau.',
  updateDone: 'Vos informations ont bien été enregistrées.',
};

const PASSWORD = 'Premier-Mot2passe!';
const NEW_PASSWORD = 'Nouveau-Mot2passe?';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const errorUnder = async (page: Page, label: string) => {
  const input = field(page, label);
  await eventually(async () => expect(await input.getAttribute('aria-invalid')).toBe('true'));
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return (await page.locator(`[id="${ids[0]}"]`).textContent())?.trim();
};

async function login(page: Page, email: string, password: string) {
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: 'SE CONNECTER' }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Mon espace' }).click();
  await page.getByRole('menu').waitFor();
}

describe('a member', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('signs up, activates, logs in, keeps favourites, edits the profile, recovers the password and deletes the account', async () => {
    await withPage(browser, 'member-journey', {}, async ({ page }) => {
      const email = uniqueEmail('membre');
      const newEmail = uniqueEmail('membre-nouveau');

      // --- Sign-up: the field errors first.
      await page.goto(url('/login/signup'));
      await expectHeading(page, 'Créer un compte');
      const submit = page.getByRole('button', { name: 'Créer mon compte', exact: true });
      await submit.click();
      expect(await errorUnder(page, 'Nom')).toBe(AccountFieldMessages.lastNameRequired);
      expect(await errorUnder(page, 'Prénom')).toBe(AccountFieldMessages.firstNameRequired);
      expect(await errorUnder(page, 'Adresse e-mail')).toBe(AccountFieldMessages.mailRequired);
      expect(await errorUnder(page, 'Mot de passe')).toBe(AccountFieldMessages.passwordRequired);
      expect(await errorUnder(page, 'Confirmation du mot de passe')).toBe(AccountFieldMessages.passwordConfirmRequired);
      const consent = page.getByRole('checkbox', { name: /Pour m’inscrire, j’accepte expressément les Conditions générales d’utilisation/ });
      await eventually(async () => expect(await consent.getAttribute('aria-invalid')).toBe('true'));
      await page.getByText(AccountFieldMessages.consentRequired).waitFor();
      expect(page.url()).toContain('/login/signup');

      await field(page, 'Nom').fill('Martin');
      await field(page, 'Prénom').fill('Camille');
      await field(page, 'Adresse e-mail').fill('camille@');
      await field(page, 'Mot de passe').fill('court');
      await field(page, 'Confirmation du mot de passe').fill('court');
      await consent.check();
      await submit.click();
      expect(await errorUnder(page, 'Mot de passe')).toBe(AccountFieldMessages.passwordRule);
      expect(await errorUnder(page, 'Adresse e-mail')).toBeTruthy();

      // The server's own errors land under their field: an address already taken.
      await field(page, 'Adresse e-mail').fill(stackInfo().adminEmail);
      await field(page, 'Mot de passe').fill(PASSWORD);
      await field(page, 'Confirmation du mot de passe').fill(PASSWORD);
      await submit.click();
      await eventually(async () => expect(await errorUnder(page, 'Adresse e-mail')).toBe(AccountMessages.emailTaken));

      // --- Success: the confirmation page names the address.
      await field(page, 'Adresse e-mail').fill(email);
      await field(page, 'Métier').fill('Artisane');
      await submit.click();
      await waitForPath(page, /^\/login\/signup\/confirmed\?email=/);
      await expectHeading(page, 'Votre compte a bien été créé !');
      await page.getByRole('main').getByText(email, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'cliquez ici' }).waitFor();

      // --- Login before activation: the message and a way to resend the mail.
      await waitForMail(email, 'Activez votre compte');
      await page.goto(url('/login'));
      await login(page, email, PASSWORD);
      await page.getByText(AccountMessages.loginNotActivated).waitFor();
      await page.getByRole('button', { name: "Renvoyer l’e-mail d’activation" }).click();
      await page.getByText(AccountMessages.activationResent).waitFor();

      // --- Activation link from the (newest) mail.
      const activation = await waitForMail(email, 'Activez votre compte', { count: 2 });
      const activationLink = linkIn(activation.text, `${stackInfo().webUrl}/profile/confirmed?`);
      await page.goto(activationLink);
      await expectHeading(page, 'Votre compte est activé');
      await page.getByText('Compte activé avec succès', { exact: true }).waitFor();
      // The link's e-mail and token leave the address bar once read.
      await eventually(async () => expect(pathOf(page)).toBe('/profile/confirmed'));
      // Opened again: the account is already active, and the page offers to log in.
      await page.goto(activationLink);
      await expectHeading(page, 'Votre compte est déjà activé');
      expect(await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');

      // --- Login from a guarded page sends the member back there after 2 s.
      await page.goto(url('/toolspage/favorites'));
      await waitForPath(page, '/login');
      const clickedAt = Date.now();
      await login(page, email, PASSWORD);
      await expectHeading(page, 'Vous êtes connecté');
      await page.getByRole('main').getByText(email, { exact: true }).waitFor();
      await waitForPath(page, '/toolspage/favorites');
      // The redirect waits 2 s (docs/product/rules.md#R736) (measured from the click, so a slow machine cannot shorten it).
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1950);
      await expectHeading(page, 'Mes Favoris');
      await expectHeading(page, 'Aucun résultat', 2);
      expect(await storageItem(page, 'current_user_email')).toBe(email);
      expect(await storageItem(page, 'token')).toBeTruthy();

      // --- A favourite from the listing (the star flips, the API is told).
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Explorer les outils' }).click();
      await waitForPath(page, '/toolspage');
      const listed = (await listTools('page=1')).tools;
      await expectCardNames(page, listed.map((t) => t.name));
      const [fromListing, fromSheet] = listed;
      const created = page.waitForResponse((r) => r.url().includes('/api/favorites/create'));
      // Each card's star is named after its tool (docs/product/rules.md#R730).
      await card(page, fromListing.name).getByRole('button', { name: `Ajouter « ${fromListing.name} » aux favoris` }).click();
      expect((await created).status()).toBeLessThan(300);
      const pressed = card(page, fromListing.name).getByRole('button', { name: `« ${fromListing.name} » ajouté aux favoris` });
      expect(await pressed.getAttribute('aria-pressed')).toBe('true');

      // --- A favourite from the sheet.
      await card(page, fromSheet.name).getByRole('link', { name: fromSheet.name }).click();
      await expectHeading(page, fromSheet.name);
      const createdOnSheet = page.waitForResponse((r) => r.url().includes('/api/favorites/create'));
      // The sheet's own star (its related tools below have theirs).
      const sheetActions = page.getByRole('complementary', { name: 'Actions sur l’outil' });
      await sheetActions.getByRole('button', { name: 'Ajouter aux favoris' }).click();
      expect((await createdOnSheet).status()).toBeLessThan(300);
      await sheetActions.getByRole('button', { name: 'Ajouté' }).waitFor();
      await page.reload();
      await expectHeading(page, fromSheet.name);
      await sheetActions.getByRole('button', { name: 'Ajouté' }).waitFor();

      // --- The favourites page lists both.
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mes favoris' }).click();
      await waitForPath(page, '/toolspage/favorites');
      await expectHeading(page, 'Mes Favoris');
      await page.getByRole('heading', { name: 'Mes outils favoris' }).waitFor();
      await eventually(async () => {
        const names = await page.getByRole('region', { name: 'Résultats' }).getByRole('article').getByRole('heading').allTextContents();
        expect(names.sort()).toEqual([fromListing.name, fromSheet.name].sort());
      });

      // --- Profile: names and newsletter.
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Mon profil' }).click();
      await waitForPath(page, '/profile');
      await expectHeading(page, 'Modifier mon compte');
      await eventually(async () => expect(await field(page, 'Adresse e-mail').inputValue()).toBe(email));
      await field(page, 'Nom').fill('Durand');
      await field(page, 'Prénom').fill('Alix');
      await page.getByRole('checkbox', { name: 'Je souhaite recevoir la newsletter' }).check();
      const save = page.getByRole('button', { name: 'Enregistrer les modifications' });
      await save.click();
      await page.getByRole('status').filter({ hasText: AccountMessages.updateDone }).waitFor();
      await page.reload();
      await expectHeading(page, 'Modifier mon compte');
      await eventually(async () => expect(await field(page, 'Nom').inputValue()).toBe('Durand'));
      expect(await field(page, 'Prénom').inputValue()).toBe('Alix');
      expect(await page.getByRole('checkbox', { name: 'Je souhaite recevoir la newsletter' }).isChecked()).toBe(true);

      // --- E-mail change: the current password is asked for, and the new mailbox must prove it (docs/product/rules.md#R760).
      await field(page, 'Adresse e-mail').fill(newEmail);
      await save.click();
      expect(await errorUnder(page, 'Mot de passe actuel')).toBe(AccountFieldMessages.oldPasswordRequired);
      await field(page, 'Mot de passe actuel').fill(PASSWORD);
      await save.click();
      await page.getByRole('status').filter({ hasText: `suivez le lien que nous venons d’envoyer à ${newEmail}` }).waitFor();
      // Nothing moved yet: the address in force stays, the profile says what is pending.
      expect(await storageItem(page, 'current_user_email')).toBe(email);
      await eventually(async () => expect(await field(page, 'Adresse e-mail').inputValue()).toBe(email));
      await page.getByText(`Changement d’adresse en attente : nous avons envoyé un lien à ${newEmail}`, { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Annuler le changement d’adresse' }).waitFor();
      const noticeMail = await waitForMail(email, 'Demande de changement');
      expect(noticeMail.text).toContain(newEmail);
      const confirmMail = await waitForMail(newEmail, 'Confirmez votre nouvelle adresse');
      const confirmLink = linkIn(confirmMail.text, `${stackInfo().webUrl}/profile/email-confirmed?`);
      expect(new URL(confirmLink).searchParams.get('email')).toBe(newEmail);
      // Opening the link does nothing by itself (a mail scanner runs its scripts too); the button does.
      await page.goto(confirmLink, { waitUntil: 'networkidle' });
      await expectHeading(page, 'Confirmer ma nouvelle adresse e-mail');
      await eventually(async () => expect(pathOf(page)).toBe('/profile/email-confirmed'));
      const stillOld = await apiFetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: newEmail, password: PASSWORD }) });
      expect(stillOld.status).toBe(401);
      await page.getByRole('button', { name: 'Confirmer ma nouvelle adresse' }).focus();
      await page.keyboard.press('Enter');
      await expectHeading(page, 'Votre nouvelle adresse est confirmée');
      // The session goes on under the new address.
      await eventually(async () => expect(await storageItem(page, 'current_user_email')).toBe(newEmail));
      await page.getByRole('main').getByRole('link', { name: 'Aller à mon profil' }).click();
      await waitForPath(page, '/profile');
      await eventually(async () => expect(await field(page, 'Adresse e-mail').inputValue()).toBe(newEmail));
      expect(await page.getByText('Changement d’adresse en attente', { exact: false }).count()).toBe(0);
      await waitForMail(email, 'a changé');
      await openAccountMenu(page);
      await page.getByRole('menu').getByText(newEmail, { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await openAccountMenu(page);

      // --- Logout from the header goes to /.
      await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
      await waitForPath(page, '/');
      await eventually(async () => expect(await storageItem(page, 'token')).toBeNull());
      expect(await storageItem(page, 'current_user_email')).toBeNull();
      await openAccountMenu(page);
      expect(await page.getByRole('menuitem', { name: 'Déconnexion' }).count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'Mon profil' }).getAttribute('href')).toBe('/login');
      await page.keyboard.press('Escape');

      // --- Forgot password, reset link from the mail.
      await page.goto(url('/login'));
      await page.getByRole('link', { name: "J’ai oublié mon mot de passe" }).click();
      await waitForPath(page, '/login/password/forgot');
      await expectHeading(page, 'Récupérer votre mot de passe');
      await field(page, 'Adresse e-mail').fill(newEmail);
      await page.getByRole('button', { name: "Envoyer l’e-mail de récupération" }).click();
      await page.getByText(AccountMessages.forgotSent).waitFor();
      const resetMail = await waitForMail(newEmail, 'Réinitialisez');
      const resetLink = linkIn(resetMail.text, `${stackInfo().webUrl}/login/password/reset?`);
      await page.goto(resetLink);
      await expectHeading(page, 'Ré-initialiser votre mot de passe');
      await eventually(async () => expect(pathOf(page)).toBe('/login/password/reset'));
      await field(page, 'Nouveau mot de passe').fill(NEW_PASSWORD);
      await field(page, 'Confirmation du nouveau mot de passe').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
      await page.getByText(AccountMessages.resetDone).waitFor();
      // The used link, opened again: checked at once, with a new one offered instead of the form.
      await page.goto(resetLink);
      await page.getByText(AccountMessages.resetInvalid).waitFor();
      expect(await field(page, 'Nouveau mot de passe').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Recevoir un nouveau lien' }).getAttribute('href')).toBe('/login/password/forgot');
      await page.goto(url('/login'));

      // --- The old password no longer works; the new one does.
      await login(page, newEmail, PASSWORD);
      await page.getByRole('alert').filter({ hasText: AccountMessages.loginWrongCredentials }).waitFor();
      await field(page, 'Mot de passe').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'SE CONNECTER' }).click();
      await expectHeading(page, 'Vous êtes connecté');
      await waitForPath(page, '/profile');
      await expectHeading(page, 'Modifier mon compte');

      // --- Account deletion, with a change of mind first.
      await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Supprimer définitivement votre compte ?' });
      await dialog.getByText(/irréversible/).waitFor();
      await dialog.getByText(/Pensez à télécharger/).waitFor();
      await dialog.getByRole('button', { name: 'Rester un peu' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
      await dialog.getByRole('button', { name: 'SUPPRIMER DÉFINITIVEMENT' }).click();
      await dialog.getByText(AccountFieldMessages.deletePasswordRequired).waitFor();
      await dialog.getByLabel('Mot de passe actuel', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'SUPPRIMER DÉFINITIVEMENT' }).click();
      await waitForPath(page, '/profile/deleted');
      await expectHeading(page, 'Votre compte a bien été supprimé');
      await eventually(async () => expect(await storageItem(page, 'token')).toBeNull());
      expect(await storageItem(page, 'current_user_email')).toBeNull();
      const after = await apiFetch('/api/login', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: newEmail, password: NEW_PASSWORD }),
      });
      expect(after.status).toBe(401);
    });
  }, 240_000);
});
