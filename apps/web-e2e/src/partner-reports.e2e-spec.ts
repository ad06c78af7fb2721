import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KitsResponse, Partner } from '@outils/contracts';
import { adminSession, allTools, apiFetch } from './support/api';
import { expectDownload, expectHeading, newPage, stackInfo, url, useBrowser, WAIT, waitForPath, withPage } from './support/browser';
import { sheetDownloadName } from './support/listing';

/** A plain page of the partner's site, on a port of its own. */
async function hostPage(partnerId: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>CCI — ressources</title></head>
<body><main><h1>Nos ressources</h1><script src="${stackInfo().webUrl}/embed.js" data-partenaire="${partnerId}" async></script></main></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/**
 * docs/product/rules.md#R997–R1000: a visitor sees the partner's embed, opens a tool's sheet from it
 * and downloads the file; the admin then opens the partner's report and reads one view, one sheet
 * and one download for this month.
 */
describe('a partner’s report (Chromium)', () => {
  const browser = useBrowser();
  let server: Server | undefined;
  afterAll(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
  });

  it('credits the embed’s view, the sheet and the download to the partner, and the admin reads them on its report page', async () => {
    const session = await adminSession();
    const name = `CCI Rapport ${Date.now().toString(36)}`;
    const created = await apiFetch<Partner>('/api/admin/partners/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', userEmail: session.email, userToken: session.token },
      body: JSON.stringify({ name, website: 'https://www.cci-rapport.fr', contactEmail: 'rapport@cci-rapport.fr', allowedHosts: ['127.0.0.1'] }),
    });
    expect(created.status).toBe(201);
    const partner = created.body;
    const [newest] = await allTools();
    const host = await hostPage(partner.id);
    server = host.server;

    const { page, context } = await newPage(browser(), { acceptDownloads: true });
    try {
      await page.goto(host.url);
      const link = page.getByRole('link', { name: newest.name });
      await link.waitFor({ timeout: WAIT.navigation });
      await link.click();
      await expectHeading(page, newest.name);
      // Reached by a link, not by `goto`: wait, as a person would, for the app to take the page over (R830).
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'), undefined, { timeout: WAIT.navigation });
      expect(new URL(page.url()).searchParams.get('partenaire')).toMatch(new RegExp(`^${partner.id}\\.`));
      // A guest's first download asks for an optional e-mail first (R729).
      await page.getByRole('button', { name: sheetDownloadName(newest.name) }).click();
      const dialog = page.getByRole('dialog', { name: `Télécharger « ${newest.name} »` });
      await dialog.waitFor();
      await expectDownload(context, page, () => dialog.getByRole('button', { name: 'Télécharger l’outil' }).click());
    } finally {
      await context.close();
    }

    const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
    await withPage(browser(), 'partner-report-journey', { session }, async ({ page }) => {
      await page.goto(url('/admin/partners'));
      await expectHeading(page, 'Partenaires');
      // The partner's code with a kit, chosen with the keyboard (R1008): `data-kit` alone.
      const [kit] = (await apiFetch<KitsResponse>('/api/kits')).body.kits;
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      const choice = card.getByRole('combobox', { name: `Kit à intégrer — ${name}` });
      await choice.focus();
      await page.keyboard.press('ArrowDown');
      expect(await choice.inputValue()).toBe(kit.shareToken);
      await card.getByText(`data-partenaire="${partner.id}" data-kit="${kit.shareToken}" async`).waitFor();
      await page.getByRole('link', { name: `Voir le rapport de ${name}` }).click();
      await waitForPath(page, `/admin/partners/${partner.id}/rapport`);
      await expectHeading(page, `Rapport de ${name}`);
      const table = page.getByRole('table', { name: 'Chiffres par mois' });
      await table.waitFor();
      const row = table.getByRole('row', { name: new RegExp(`^${month}`) });
      const cells = await row.getByRole('cell').allTextContents();
      // Views, their visitors, sheets, their visitors, downloads, their visitors, sign-ups, visitors.
      expect(cells).toEqual(['1', '1', '1', '1', '1', '1', '0', '1']);
    });
  });
});
