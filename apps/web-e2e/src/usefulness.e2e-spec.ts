import { adminSession, allTools, apiFetch, createMember, PERSON_USER_AGENT } from './support/api';
import { eventually, expectHeading, url, useBrowser, withPage } from './support/browser';

/** docs/product/rules.md#R960–R965: a member answers 'Non' with a comment on the sheet; the admin finds it and hides it. */
describe('« Cet outil vous a-t-il aidé ? »', () => {
  const browser = useBrowser();

  it('a member who downloaded a tool answers « Non » with a comment, and the admin finds it', async () => {
    const member = await createMember('utilite');
    const [tool] = await allTools();
    // The member's download, counted (a person's browser), made beforehand.
    const link = await apiFetch<{ url: string }>(`/tools/download?toolId=${tool.id}`, { headers: { userEmail: member.email, userToken: member.token } });
    expect((await fetch(link.body.url, { headers: { 'User-Agent': PERSON_USER_AGENT } })).status).toBe(200);
    const comment = `Il manque un exemple rempli (${Date.now()}).`;

    await withPage(browser(), 'usefulness-member', { session: member }, async ({ page }) => {
      await page.goto(url(`/toolspage/${tool.slug}`));
      await expectHeading(page, tool.name);
      const question = page.getByRole('region', { name: 'Cet outil vous a-t-il aidé ?' });
      // By keyboard: the answer, then the comment field that takes the focus.
      await question.getByRole('button', { name: 'Non' }).focus();
      await page.keyboard.press('Enter');
      await question.getByText('Merci pour votre réponse !').waitFor();
      const field = question.getByRole('textbox', { name: 'Votre commentaire (facultatif)' });
      await eventually(async () => expect(await field.evaluate((el) => el === document.activeElement)).toBe(true));
      await question.getByText('Votre commentaire est lu par l’équipe et n’est pas publié.').waitFor();
      await page.keyboard.type(comment);
      await question.getByRole('button', { name: 'Envoyer le commentaire' }).click();
      await question.getByText('Merci, votre commentaire a bien été transmis à l’équipe.').waitFor();
      await question.getByText('Votre réponse : Non').waitFor();
      // Shown again on a new visit, with the comment.
      await page.reload();
      await page.getByRole('region', { name: 'Cet outil vous a-t-il aidé ?' }).getByText('Votre réponse : Non').waitFor();
      expect(await page.getByRole('textbox', { name: 'Votre commentaire (facultatif)' }).inputValue()).toBe(comment);
    });

    const admin = await adminSession();
    await withPage(browser(), 'usefulness-admin', { session: admin }, async ({ page }) => {
      await page.goto(url('/admin'));
      await expectHeading(page, 'Admin Dashboard');
      await page.getByRole('link', { name: 'Utilité des outils' }).click();
      await expectHeading(page, 'Utilité des outils');
      const tools = page.getByRole('table', { name: 'Tous les outils évalués' });
      await tools.getByRole('row', { name: new RegExp(tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
      const item = page.getByRole('list', { name: 'Commentaires' }).getByRole('listitem').filter({ hasText: comment });
      await item.waitFor();
      expect(await item.textContent()).toContain('Non');
      expect(await item.textContent()).toContain('Membre');
      expect(await item.textContent()).not.toContain(member.email);
      await item.getByRole('button', { name: `Masquer le commentaire sur « ${tool.name} »` }).click();
      await page.getByText('Le commentaire est masqué.').waitFor();
      await item.getByRole('button', { name: `Réafficher le commentaire sur « ${tool.name} »` }).waitFor();
    });
  });
});
