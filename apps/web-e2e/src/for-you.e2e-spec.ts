import { allTools, apiFetch, createMember, PERSON_USER_AGENT } from './support/api';
import { eventually, expectHeading, url, useBrowser, useDatabase, withPage } from './support/browser';

const REASON = 'Utile à 3 entreprises de votre secteur';

/**
 * 'Pour vous' fed by « Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R985, R986, R988): a member
 * reads why a tool is proposed — three companies of their sector found it useful — and a tool they
 * answer 'Non' on its sheet is gone from their list when they come back, without reloading.
 */
describe('Pour vous: what the sector found useful', () => {
  const browser = useBrowser();
  const database = useDatabase();

  it('a member sees the reason line, answers « Non » on a sheet and the tool leaves their recommendations', async () => {
    // A sector of its own for this journey, so that no other journey's members are its peers.
    const { rows: [area] } = await database().query(`INSERT INTO activity_area (name, position) VALUES ('Taxidermie', 99) RETURNING id`);
    const member = await createMember('pour-vous');
    const peers = [await createMember('pair-a'), await createMember('pair-b'), await createMember('pair-c')];
    await database().query(`UPDATE app_user SET activity_area_id = $1 WHERE email = ANY($2::text[])`, [area.id, [member, ...peers].map((m) => m.email)]);
    const [kept, refused] = (await allTools()).slice(0, 2);

    // Three companies of the sector downloaded both tools and found them useful.
    for (const peer of peers) {
      const headers = { userEmail: peer.email, userToken: peer.token };
      for (const tool of [kept, refused]) {
        const link = await apiFetch<{ url: string }>(`/tools/download?toolId=${tool.id}`, { headers });
        expect((await fetch(link.body.url, { headers: { 'User-Agent': PERSON_USER_AGENT } })).status).toBe(200);
        const answered = await apiFetch('/api/usefulness/answer', {
          method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'User-Agent': PERSON_USER_AGENT }, body: JSON.stringify({ toolId: tool.id, useful: true }),
        });
        expect(answered.status).toBe(200);
      }
    }

    await withPage(browser(), 'for-you-usefulness', { session: member }, async ({ page }) => {
      const card = (name: string) => page.getByRole('list', { name: 'Pour vous' }).getByRole('listitem').filter({ hasText: name });
      await page.goto(url('/toolspage/for-you'));
      await expectHeading(page, 'Pour vous');
      await card(kept.name).getByText(REASON).waitFor();
      await card(refused.name).getByText(REASON).waitFor();

      // On the sheet, the member answers that the tool did not help them.
      await card(refused.name).getByRole('link', { name: refused.name }).first().click();
      await expectHeading(page, refused.name);
      const question = page.getByRole('region', { name: 'Cet outil vous a-t-il aidé ?' });
      await question.getByRole('button', { name: 'Non' }).click();
      await question.getByText('Votre réponse : Non').waitFor();

      // Back to 'Pour vous' through the header: the tool is gone, the other keeps its reason.
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Pour vous' }).click();
      await expectHeading(page, 'Pour vous');
      await card(kept.name).getByText(REASON).waitFor();
      await eventually(async () => expect(await card(refused.name).count()).toBe(0));
      // Nothing says who found it useful.
      const list = await page.getByRole('list', { name: 'Pour vous' }).textContent();
      for (const peer of peers) expect(list).not.toContain(peer.email);
    });
  });
});
