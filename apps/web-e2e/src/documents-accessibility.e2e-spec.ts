import type { Page } from 'playwright-core';
import { addAlternativeByApi, adminSession, adminTools, apiFetch, createMember, createToolByApi, deleteToolByApi } from './support/api';
import { eventually, expectDownload, type Session, url, useBrowser, useDatabase, waitForPath, withPage } from './support/browser';
import { card, cardNames, cards, countText, results } from './support/listing';

interface Listed { tools: Array<{ id: number; slug: string; name: string }>; total: number; facets: { accessible: number } }
interface Statement {
  checked: number;
  nonConforming: Array<{ name: string; slug: string; issues: Array<{ label: string }> }>;
  accessibleVersions: Array<{ name: string; slug: string; format: string | null }>;
}
interface Sheet { tool: { id: number; slug: string; name: string; documentAccessible?: boolean; accessibility: { outcome: string } | null } }

/** A CSV whose first line names its columns: its check passes (docs/product/rules.md#R941). */
const ACCESSIBLE_CSV = Buffer.from('Mois;Recettes;Dépenses\nJanvier;1200;800\nFévrier;1500;900\n', 'utf8');

/** Presses Tab until the focused element's accessible name matches (at most `max` presses). */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim());
    if (name.test(focused)) return;
  }
  throw new Error(`"${String(name)}" never got the focus with Tab`);
}

/**
 * Accessible documents end to end on the demo catalogue, checked by the real worker
 * (docs/product/rules.md#R934–R951): the card's badge, the sheet's verdict and detail, the
 * library's filter with its count (also in the server-rendered first screen), the statement
 * listing a failing document, and the admin's view of a failing tool. The worker checks the demo
 * files one after the other from start-up: the journeys need one of each state, and read every
 * count from one answer, so that a check landing meanwhile changes nothing they assert.
 */
describe('accessible documents: badge, detail, filter, statement and the admin’s view', () => {
  const browser = useBrowser();
  let failing: Statement['nonConforming'][number];

  beforeAll(async () => {
    await eventually(async () => {
      const statement = (await apiFetch<Statement>('/api/tools/accessibility')).body;
      expect(statement.nonConforming.length).toBeGreaterThan(0);
      failing = statement.nonConforming[0];
      const listed = (await apiFetch<Listed>('/api/tools?page=1&accessibleOnly=true')).body;
      expect(listed.total).toBeGreaterThan(0);
      expect(listed.total).toBe(listed.facets.accessible);
    }, 240_000, 1000);
  }, 300_000);

  it('a visitor ticks « Documents accessibles », sees its count and badges, then reads a sheet’s verdict and a failing document’s detail', async () => {
    await withPage(browser(), 'a11y-documents-visitor', {}, async ({ page }) => {
      await page.goto(url('/toolspage'));
      const option = page.getByRole('group', { name: 'Document', exact: true }).getByRole('checkbox', { name: /^Documents accessibles \(\d+\)$/ });
      await option.click();
      await waitForPath(page, /[?&]documents=accessibles/);
      await results(page).getByRole('button', { name: 'Retirer le filtre Document : Documents accessibles' }).waitFor();
      // The option's count and the results' total come from the same answer: they agree.
      await eventually(async () => {
        expect(await results(page).getAttribute('aria-busy')).toBe('false');
        const label = (await page.getByRole('group', { name: 'Document', exact: true }).locator('label').textContent()) ?? '';
        const shown = Number(/\((\d+)\)/.exec(label)?.[1]);
        expect(shown).toBeGreaterThan(0);
        expect(await results(page).getByRole('status').textContent()).toBe(countText(shown));
        expect(await option.isChecked()).toBe(true);
      });
      // Every card of the filtered page carries the badge; the failing document is not there.
      const names = await cardNames(page);
      expect(names).not.toContain(failing.name);
      const first = card(page, names[0]);
      await first.getByText('Document Accessible', { exact: true }).waitFor();
      expect(await cards(page).count()).toBe(await cards(page).filter({ hasText: 'Document Accessible' }).count());

      // The sheet of an accessible document.
      await first.getByRole('heading').getByRole('link').click();
      await page.getByRole('region', { name: 'Document accessible' }).waitFor();
      await page.getByText(/critères? vérifiés? automatiquement le /).first().waitFor();

      // The sheet of a failing document: the disclosure opens the list of what to fix.
      await page.goto(url(`/toolspage/${failing.slug}`));
      await page.getByText('Accessibilité du document : partielle — voir le détail').click();
      await page.getByText(/points? à corriger :/).waitFor();
      await page.getByText(failing.issues[0].label).first().waitFor();
      await page.getByText('Comment corriger :', { exact: false }).first().waitFor();

      // The statement lists it.
      await page.goto(url('/info/accessibility'));
      await page.getByRole('heading', { name: 'Documents téléchargeables' }).waitFor();
      await page.getByRole('link', { name: failing.name }).waitFor();
    });
  });

  it('the web server renders the filtered library with the option ticked and its count, before any script', async () => {
    const response = await fetch(url('/toolspage?documents=accessibles'), { headers: { Accept: 'text/html' } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/Documents accessibles<span[^>]*> (<!-- -->)?\(\d+\)/);
    expect(html).toMatch(/<input[^>]*id="filtre-documents-accessibles"[^>]*checked/);
    expect(html).not.toContain(`>${failing.name}<`);
  });

  it('the admin filters the dashboard to the tools to fix and reads a failing tool’s points, also on its edit page', async () => {
    const admin = await adminSession();
    await withPage(browser(), 'a11y-documents-admin', { session: admin }, async ({ page }) => {
      await page.goto(url('/admin'));
      const table = page.getByRole('table');
      await table.waitFor();
      await page.getByRole('combobox', { name: 'Documents' }).selectOption({ label: 'À corriger' });
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: failing.name }) });
      await row.waitFor();
      await row.getByText(/^À corriger : \d+ points?/).click();
      await row.getByText(failing.issues[0].label).waitFor();
      // No accessible tool stays in the list.
      expect(await table.getByText('Document accessible', { exact: true }).count()).toBe(0);

      await row.getByRole('link', { name: `Modifier ${failing.name}` }).click();
      const check = page.getByRole('region', { name: 'Accessibilité du document' });
      await check.getByText(/^À corriger : \d+ points?/).waitFor();
      await check.getByText(failing.issues[0].label).waitFor();
      await check.getByText(/critères vérifiés automatiquement le /).waitFor();
    });
  });

  describe('a document whose PDF fails but whose declared DOCX-like alternative passes (RGAA 13.3, docs/product/rules.md#R945–R951)', () => {
    const database = useDatabase();
    let admin: Session;
    let tool: Sheet['tool'];

    beforeAll(async () => {
      admin = await adminSession();
      // The API's tiny PDF is untagged: its own check fails.
      const created = await createToolByApi(admin, { title: `Plan de trésorerie à version accessible ${Date.now().toString(36)}`, description: 'Un plan mois par mois.' });
      await addAlternativeByApi(admin, { id: created.id, description: 'Un plan mois par mois.' }, { bytes: ACCESSIBLE_CSV, name: 'plan.csv', type: 'text/csv' });
      // The worker checks the demo's files first, one after the other, and may reach these two long
      // after this journey: what it stores for them (the PDF untagged, the CSV with its header line;
      // apps/worker/test/alternative-accessibility.int-spec.ts proves it checks an alternative) is
      // written here when it has not come yet, and its own check replaces it alike.
      const criterion = (id: string, passed: boolean, label: string, reference: string) =>
        ({ id, status: passed ? 'passed' : 'failed', label, reference, where: passed ? [] : ['document'], fix: passed ? null : 'Exportez le PDF avec l’option « PDF balisé ».' });
      await database().query(
        `INSERT INTO tool_file_accessibility (tool_id, file_key, format, outcome, failed_count, criteria)
         SELECT id, file_key, 'pdf', 'partial', 1, $2::jsonb FROM tool WHERE id = $1
         UNION ALL SELECT id, alt_file_key, 'csv', 'accessible', 0, $3::jsonb FROM tool WHERE id = $1
         ON CONFLICT (tool_id, file_key) DO NOTHING`,
        [created.id, JSON.stringify([criterion('pdf-tagged', false, 'Le PDF est balisé (arbre de structure et MarkInfo)', 'PDF/UA-1 § 7.1 ; RGAA 13.3')]),
          JSON.stringify([criterion('csv-header', true, 'La première ligne nomme les colonnes', 'RGAA 5.6')])],
      );
      await eventually(async () => {
        const sheet = (await apiFetch<Sheet>(`/tools/${created.id}`)).body.tool;
        expect(sheet.accessibility?.outcome).toBe('partial');
        expect(sheet.documentAccessible).toBe(true);
        tool = sheet;
      }, 60_000, 1000);
    }, 120_000);
    afterAll(async () => {
      if (tool) await deleteToolByApi(admin, tool.id);
    });

    it('a visitor sees both verdicts and downloads the accessible version with the keyboard, counted as a download of the tool', async () => {
      const member = await createMember('a11y-alternative');
      const countOf = async () => (await adminTools(admin)).find((t) => t.id === tool.id)?.downloadCount ?? 0;
      const before = await countOf();
      await withPage(browser(), 'a11y-documents-alternative', { session: member }, async ({ page, context }) => {
        await page.goto(url(`/toolspage/${tool.slug}`));
        const actions = page.getByRole('complementary', { name: 'Actions sur l’outil' });
        // The PDF's own verdict stays the PDF's; the alternative has its own.
        await actions.getByText('Accessibilité du document : partielle — voir le détail').waitFor();
        await actions.getByRole('region', { name: 'Version accessible : document accessible' }).waitFor();
        await tabTo(page, /^Télécharger la version accessible \(CSV, \d+\s?octets\)/);
        const file = await expectDownload(context, page, () => page.keyboard.press('Enter'));
        expect(file.fileName).toBe(`${tool.slug}-version-accessible.csv`);
        expect(file.bytes.equals(ACCESSIBLE_CSV)).toBe(true);
      });
      await eventually(async () => expect(await countOf()).toBe(before + 1));
    });

    it('the filter counts it and the statement does not list it as non-conforming, but as offered in an accessible version', async () => {
      // Newest first: the tool just created is on the filter's first page, and in its count.
      const listed = (await apiFetch<Listed>('/api/tools?page=1&accessibleOnly=true')).body;
      expect(listed.tools.map((t) => t.id)).toContain(tool.id);
      expect(listed.facets.accessible).toBe(listed.total);
      await withPage(browser(), 'a11y-documents-alternative-statement', {}, async ({ page }) => {
        await page.goto(url('/info/accessibility'));
        await page.getByText('Ces documents sont aussi proposés dans une version accessible, à télécharger depuis leur fiche :').waitFor();
        const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: tool.name }) });
        expect(await item.count()).toBe(1);
        expect(await item.textContent()).toContain('version accessible : CSV');
        expect(await page.getByText(/à corriger :/).filter({ hasText: tool.name }).count()).toBe(0);
      });
      const statement = (await apiFetch<Statement>('/api/tools/accessibility')).body;
      expect(statement.nonConforming.map((doc) => doc.slug)).not.toContain(tool.slug);
      expect(statement.accessibleVersions.map((doc) => doc.slug)).toContain(tool.slug);
    });
  });
});
