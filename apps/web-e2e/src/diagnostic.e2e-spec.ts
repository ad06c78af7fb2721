import { adminSession, apiFetch, createMember } from './support/api';
import { eventually, expectHeading, useBrowser, storageItem, url, waitForPath, withPage } from './support/browser';

const PENDING = 'outils.diagnostic.pending';

/**
 * docs/product/rules.md#R550–R562: a guest takes the diagnostic (one question per screen, back,
 * skip, keyboard), gets a result with priorities and a plan, signs in to a new account, finds
 * the result saved to it and 'Pour vous' filled with reasons.
 */
describe('the self-diagnostic', () => {
  const browser = useBrowser();

  it('takes the diagnostic as a guest, keeps it through sign-in, and fills Pour vous', async () => {
    await withPage(browser(), 'diagnostic-journey', {}, async ({ page }) => {
      await page.goto(url('/diagnostic'));
      await expectHeading(page, 'Autodiagnostic numérique');
      await page.getByRole('button', { name: 'Commencer le diagnostic' }).click();

      const total = 15;
      for (let n = 1; n <= total; n += 1) {
        await page.getByText(new RegExp(`^Question ${n} sur ${total}`)).waitFor();
        if (n === 2) {
          // Back, then forward again: the first answer is still chosen.
          await page.getByRole('button', { name: 'Question précédente' }).click();
          await page.getByText(/^Question 1 sur 15/).waitFor();
          expect(await page.getByRole('radio').last().isChecked()).toBe(true);
          await page.getByRole('button', { name: 'Question suivante' }).click();
          await page.getByText(/^Question 2 sur 15/).waitFor();
        }
        if (n === 4) {
          await page.getByRole('button', { name: 'Passer cette question' }).click();
          continue;
        }
        // The last answer of each question is the weakest; chosen and confirmed with the keyboard.
        const choice = page.getByRole('group').locator('input').last();
        await choice.focus();
        await page.keyboard.press('Space');
        await page.getByRole('button', { name: n === total ? 'Voir mon résultat' : 'Question suivante' }).focus();
        await page.keyboard.press('Enter');
      }

      await waitForPath(page, '/diagnostic/resultat');
      await expectHeading(page, 'Votre résultat');
      await page.getByText('Note globale : 0 sur 100').waitFor();
      await page.getByRole('heading', { name: /^Priorité 1 : Outils et équipement/ }).waitFor();
      await page.getByRole('link', { name: 'Diagnostic de maturité numérique' }).first().waitFor();
      expect(await storageItem(page, PENDING)).not.toBeNull();

      // An account made elsewhere (sign-up and activation mail), then sign-in in this browser().
      const member = await createMember('diagnostic');
      // A finished diagnostic is no answers in progress: nothing to resume (docs/product/rules.md#R733).
      await page.goto(url('/diagnostic'));
      await page.getByRole('button', { name: 'Commencer le diagnostic' }).waitFor();
      expect(await page.getByRole('button', { name: 'Reprendre où je m’étais arrêté' }).count()).toBe(0);

      // The login page says what becomes of the result, then that it is saved; the login leads to 'Mes diagnostics'.
      await page.goto(url('/login'));
      await page.getByText('Vous avez fait l’autodiagnostic sans compte dans ce navigateur : votre résultat sera enregistré dans votre compte dès votre connexion.').waitFor();
      await page.getByLabel('Adresse e-mail', { exact: true }).fill(member.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'SE CONNECTER' }).click();
      await expectHeading(page, 'Vous êtes connecté');
      await page.getByText('Votre résultat d’autodiagnostic est enregistré dans votre compte.').waitFor();
      await eventually(async () => expect(await storageItem(page, PENDING)).toBeNull());
      await waitForPath(page, '/diagnostic/historique');
      await expectHeading(page, 'Mes diagnostics');

      await page.goto(url('/diagnostic/historique'));
      await expectHeading(page, 'Mes diagnostics');
      await page.getByText('Note globale : 0 sur 100').waitFor();

      // 'Pour vous' is a page of the app, not the sheet of a tool named « for-you » (docs/product/rules.md#R800).
      expect((await page.goto(url('/toolspage/for-you')))?.status()).toBe(200);
      await expectHeading(page, 'Pour vous');
      await page.getByText('Pour votre priorité : outils et équipement').first().waitFor();
    });
  });

  /** docs/product/rules.md#R575: an admin rewrites a question from /admin/diagnostic; visitors see it at once. */
  it('lets an admin reword a question (saved with Enter) and shows it in the diagnostic', async () => {
    const admin = await adminSession();
    const headers = { userEmail: admin.email, userToken: admin.token };
    const { body } = await apiFetch<{ questions: Array<{ id: number; axisId: number; text: string; help: string | null; multiple: boolean; answers: Array<{ id: number; text: string; points: number; toolIds: number[] }> }> }>('/api/admin/diagnostic', { headers });
    const first = body.questions[0];
    const reworded = `${first.text.replace(/\s*\?$/, '')} (reformulée) ?`;
    try {
      await withPage(browser(), 'diagnostic-admin', { session: admin }, async ({ page }) => {
        await page.goto(url('/admin'));
        await expectHeading(page, 'Admin Dashboard');
        await page.getByRole('link', { name: 'Autodiagnostic' }).click();
        await expectHeading(page, 'Modifier l’autodiagnostic');
        await page.getByRole('button', { name: `Modifier « ${first.text} »` }).click();
        const text = page.getByLabel('Texte de la question');
        await text.fill(reworded);
        await page.getByLabel('Points de la réponse 1 (0 à 4)').waitFor();
        await text.press('Enter');
        await page.getByRole('status').getByText('La question a été enregistrée.').waitFor();
        await page.getByRole('button', { name: `Descendre « ${reworded} »` }).waitFor();

        await page.goto(url('/diagnostic'));
        await page.getByRole('button', { name: /Commencer le diagnostic|Recommencer depuis le début/ }).first().click();
        await page.getByRole('heading', { name: reworded }).waitFor();
      });
    } finally {
      const restore = { axisId: first.axisId, text: first.text, help: first.help, multiple: first.multiple, answers: first.answers };
      await apiFetch(`/api/admin/diagnostic/questions/${first.id}/update`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(restore) });
    }
  });
});
