import { createMember } from './support/api';
import { blocking, describe as describeFindings, scan } from './support/axe';
import { expectHeading, linkIn, stackInfo, url, useBrowser, useDatabase, waitForMail, waitForPath, withPage } from './support/browser';

/**
 * docs/product/rules.md#R976–R981: a member follows the plan of their diagnostic's result, marks a
 * step, answers the next one from the weekly mail (no login, the page acts at its button only),
 * retakes the diagnostic and sees, axis by axis, how far they moved.
 */
describe('the followed plan', () => {
  const browser = useBrowser();
  const database = useDatabase();

  const stepAnswers = async (email: string) =>
    (await database().query(
      `SELECT s.answer FROM plan_step s JOIN plan_follow_up p ON p.id = s.plan_id JOIN app_user u ON u.id = p.user_id WHERE u.email = $1 ORDER BY s.position`,
      [email],
    )).rows.map((r: { answer: string | null }) => r.answer);

  it('follows a plan, answers a step from the mail, retakes the diagnostic and sees the change', async () => {
    const member = await createMember('plan');
    // The weakest answer of each question: every axis has room to move.
    const weakest: number[] = (await database().query(
      `SELECT DISTINCT ON (question_id) id FROM diagnostic_answer ORDER BY question_id, points, id`,
    )).rows.map((r: { id: number }) => r.id);

    await withPage(browser(), 'plan-follow', { session: member }, async ({ page }) => {
      await page.goto(url(`/diagnostic/resultat?reponses=${weakest.join('-')}`));
      await expectHeading(page, 'Votre résultat');
      await page.getByRole('heading', { level: 2, name: 'Suivre ce plan' }).waitFor();
      await page.getByRole('button', { name: 'Suivre ce plan' }).click();
      await waitForPath(page, '/diagnostic/mon-plan');
      await expectHeading(page, 'Mon plan');
      await page.getByText('Un e-mail chaque semaine vous rappelle l’étape suivante.').waitFor();

      // The first step marked 'Pas utile' with the keyboard, in its group named by the step.
      const first = page.getByRole('group', { name: /^Étape 1 : / });
      await first.getByRole('radio', { name: 'Pas utile' }).focus();
      await page.keyboard.press('Space');
      await page.getByText('Réponse enregistrée : Pas utile.').waitFor();
      expect(await first.getByRole('radio', { name: 'Pas utile' }).isChecked()).toBe(true);
      expect(describeFindings(blocking(await scan(page, '/diagnostic/mon-plan (membre)')))).toBe('');
    });
    expect((await stepAnswers(member.email))[0]).toBe('not_useful');

    // A week later, the morning's run mails the next step (docs/product/rules.md#R979).
    await database().query(`UPDATE plan_follow_up p SET started_at = now() - interval '8 days' FROM app_user u WHERE u.id = p.user_id AND u.email = $1`, [member.email]);
    await database().query(`INSERT INTO outbox_message (job_name, payload) VALUES ('send-plan-reminders', '{}'::jsonb)`);
    const mail = await waitForMail(member.email, 'Votre plan, semaine 1');
    const answerLink = linkIn(mail.text.split('Fait : ')[1], `${stackInfo().webUrl}/diagnostic/plan/reponse?`);

    // No login: the page shows the step and the answer; only its button records it (docs/product/rules.md#R980).
    await withPage(browser(), 'plan-mail-answer', {}, async ({ page }) => {
      await page.goto(answerLink);
      await expectHeading(page, 'Votre réponse à l’étape du plan');
      const confirm = page.getByRole('button', { name: 'Confirmer : Fait' });
      await confirm.waitFor();
      expect((await stepAnswers(member.email))[1]).toBeNull();
      expect(describeFindings(blocking(await scan(page, '/diagnostic/plan/reponse (invité)')))).toBe('');
      await confirm.click();
      await page.getByText('Réponse enregistrée : Fait.').waitFor();
    });
    expect((await stepAnswers(member.email)).slice(0, 2)).toEqual(['not_useful', 'done']);

    // The diagnostic retaken with the strongest answers: 'Mon plan' shows each axis's change.
    await withPage(browser(), 'plan-retake', { session: member }, async ({ page }) => {
      await page.goto(url('/diagnostic'));
      await page.getByRole('button', { name: 'Commencer le diagnostic' }).click();
      const counter = await page.getByText(/^Question 1 sur \d+/).textContent();
      const total = Number(/sur (\d+)/.exec(counter ?? '')![1]);
      for (let n = 1; n <= total; n += 1) {
        await page.getByText(new RegExp(`^Question ${n} sur ${total}`)).waitFor();
        await page.getByRole('group').locator('input').first().check();
        await page.getByRole('button', { name: n === total ? 'Voir mon résultat' : 'Question suivante' }).click();
      }
      await waitForPath(page, '/diagnostic/resultat');
      await page.goto(url('/diagnostic/mon-plan'));
      await expectHeading(page, 'Mon plan');
      await page.getByRole('heading', { level: 2, name: 'Le chemin parcouru' }).waitFor();
      const rows = page.getByRole('table', { name: 'Le chemin parcouru' }).getByRole('row');
      await rows.nth(1).waitFor();
      const changes = await page.getByRole('table', { name: 'Le chemin parcouru' }).locator('tbody td:last-child').allTextContents();
      expect(changes.length).toBeGreaterThan(1);
      expect(changes.some((text) => /^\+\d+ points?$/.test(text))).toBe(true);
      expect(describeFindings(blocking(await scan(page, '/diagnostic/mon-plan, mesure (membre)')))).toBe('');
    });
  });
});
