import { allTools, ApiTool, apiFetch, filters } from './support/api';
import { eventually, useBrowser, url, waitForPath, withPage } from './support/browser';
import { cardNames, countText, filterOption, results } from './support/listing';

interface Facets { categories: Array<{ id: number; count: number }>; types: Array<{ id: number; count: number }> }

/** The listing's search, suggestions and counts on the demo catalogue (docs/product/rules.md#R600–R607). */
describe('a visitor searching the catalogue', () => {
  const browser = useBrowser();
  let catalogue: ApiTool[];
  beforeAll(async () => {
    catalogue = await allTools();
  });

  it('types « cyber », sees the suggestions, finds the six cybersecurity tools, ticks a type and sees the counts change', async () => {
    await withPage(browser(), 'search-cyber', {}, async ({ page }) => {
      const f = await filters();
      const cyber = f.categories.find((c) => c.name === 'Cybersécurité');
      if (!cyber) throw new Error('the demo catalogue has no Cybersécurité topic');
      const cyberTools = catalogue.filter((t) => t.category.id === cyber.id).map((t) => t.name);
      expect(cyberTools).toHaveLength(6);

      await page.goto(url('/toolspage'));
      const box = page.getByRole('combobox', { name: 'Rechercher un outil' });
      await box.fill('cyber');
      // Suggestions after two letters: the topic first, its matched part marked.
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      const topic = listbox.getByRole('option', { name: 'sujet Cybersécurité', exact: true });
      await topic.waitFor();
      expect(await topic.locator('mark').first().textContent()).toBe('Cyber');
      expect(await box.getAttribute('aria-expanded')).toBe('true');

      // Enter with nothing highlighted searches the text.
      await box.press('Enter');
      await waitForPath(page, /[?&]q=cyber/);
      const { body } = await apiFetch<{ total: number; facets: Facets }>('/api/tools?page=1&q=cyber');
      await results(page).getByRole('status').filter({ hasText: countText(body.total) }).waitFor();
      await eventually(async () => expect(await cardNames(page)).toEqual(expect.arrayContaining(cyberTools)));
      const label = page.getByRole('group', { name: 'Sujet', exact: true }).locator('label', { hasText: 'Cybersécurité' });
      await eventually(async () => expect((await label.textContent())?.trim()).toBe('Cybersécurité (6)'));

      // Tick a type that only some of them have: the topic's count follows, the chips show both.
      const type = body.facets.types.find((t) => t.count > 0 && t.count < 6) ?? body.facets.types[0];
      const typeName = f.types.find((t) => t.id === type.id)?.name ?? '';
      await filterOption(page.getByRole('group', { name: 'Type d’outils', exact: true }), typeName).click();
      await waitForPath(page, new RegExp(`[?&]types=${type.id}`));
      const narrowed = (await apiFetch<{ facets: Facets }>(`/api/tools?page=1&q=cyber&types[]=${type.id}`)).body.facets;
      const expectedCount = narrowed.categories.find((c) => c.id === cyber.id)?.count ?? 0;
      expect(expectedCount).toBe(type.count);
      await eventually(async () => expect((await label.textContent())?.trim()).toBe(`Cybersécurité (${expectedCount})`));
      await results(page).getByRole('button', { name: `Retirer le filtre Type d’outils : ${typeName}` }).waitFor();
      await results(page).getByRole('status').filter({ hasText: countText(type.count) }).waitFor();

      // The chip removes the type again; the topic counts go back.
      await results(page).getByRole('button', { name: `Retirer le filtre Type d’outils : ${typeName}` }).click();
      await eventually(async () => expect((await label.textContent())?.trim()).toBe('Cybersécurité (6)'));

      // Keyboard: down to the topic suggestion, Enter filters by that topic.
      await box.fill('');
      await box.fill('cybersecurte');
      await topic.waitFor();
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await topic.getAttribute('id'));
      await box.press('Enter');
      await waitForPath(page, new RegExp(`[?&]categories=${cyber.id}`));
      await results(page).getByRole('status').filter({ hasText: countText(6) }).waitFor();
    });
  });

  it('says « Aucun résultat » with the closest suggestions and a link to reset', async () => {
    await withPage(browser(), 'search-nothing', {}, async ({ page }) => {
      await page.goto(url('/toolspage?q=markting%20zzzqx'));
      await page.getByRole('heading', { name: 'Aucun résultat', level: 2 }).waitFor();
      await page.getByRole('heading', { name: 'Vouliez-vous dire :' }).waitFor();
      expect(await results(page).getByRole('link', { name: /Marketing/ }).count()).toBeGreaterThan(0);
      await results(page).getByRole('link', { name: 'Réinitialiser la recherche et les filtres' }).click();
      await waitForPath(page, '/toolspage');
      await page.getByRole('heading', { name: 'Les plus téléchargés' }).waitFor();
      await page.getByRole('heading', { name: 'Nouveautés' }).waitFor();
    });
  });

  /** docs/product/rules.md#R720: the box edits like any text field. */
  it('keeps an edit made inside the text, moves with Home and End, and keeps the accents of inserted words', async () => {
    await withPage(browser(), 'search-editing', {}, async ({ page }) => {
      await page.goto(url('/toolspage'));
      const box = page.getByRole('combobox', { name: 'Rechercher un outil' });
      await box.click();
      await page.keyboard.type('mot passe', { delay: 40 });
      // The suggestions are there: the list is open while the visitor edits.
      await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();

      // A click just after « mot », where a person would click, then « de » typed there.
      const point = await box.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const box = input.getBoundingClientRect();
        return { x: box.left + parseFloat(style.paddingLeft) + context.measureText('mot').width + 1, y: box.top + box.height / 2 };
      });
      await page.mouse.click(point.x, point.y);
      expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(3);
      await page.keyboard.type(' de', { delay: 40 });
      expect(await box.inputValue()).toBe('mot de passe');
      expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);

      // Home goes to the start of the text, End to its end, suggestions shown or not.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
      expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(0);
      await page.keyboard.type('le ', { delay: 40 });
      await page.keyboard.press('End');
      expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe('le mot de passe'.length);
      expect(await box.inputValue()).toBe('le mot de passe');

      // Words inserted at once, as dictation and phone keyboards do, right after a typed letter.
      await box.fill('');
      await page.keyboard.type('s');
      await page.keyboard.insertText('écu');
      await page.keyboard.insertText('rité');
      expect(await box.inputValue()).toBe('sécurité');
      await page.keyboard.press('Enter');
      await waitForPath(page, /[?&]q=s%C3%A9curit%C3%A9/);
      await eventually(async () => expect((await cardNames(page)).length).toBeGreaterThan(0));
    });
  });
});
