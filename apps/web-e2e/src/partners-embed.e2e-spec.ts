import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { PartnerMessages, type Partner } from '@outils/contracts';
import { adminSession, allTools, apiFetch } from './support/api';
import { blocking, describe as describeFindings, scan } from './support/axe';
import { newPage, stackInfo, useBrowser, WAIT } from './support/browser';

/** A plain page of a partner's site, on a port of its own (another origin than the site's). */
async function hostPage(snippet: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Chambre de commerce — ressources</title>
<style>body{font-family:Georgia,serif;color:#222} a{color:#006400} h2{font-size:3rem}</style></head>
<body><header><a href="#contenu">Aller au contenu</a></header><main id="contenu"><h1>Nos ressources numériques</h1>
${snippet}
<p><a href="/contact">Nous contacter</a></p></main></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The accessible name of the focused element, inside the embed's Shadow DOM when it is there. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return (el?.textContent ?? '').trim();
  });

async function createPartner(name: string, allowedHosts: string[]): Promise<Partner> {
  const admin = await adminSession();
  const { status, body } = await apiFetch<Partner>('/api/admin/partners/create', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', userEmail: admin.email, userToken: admin.token },
    body: JSON.stringify({ name, website: 'https://www.cci-exemple.fr', contactEmail: 'numerique@cci-exemple.fr', allowedHosts }),
  });
  if (status !== 201) throw new Error(`partner not created: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** docs/product/rules.md#R994–R996: a partner's page shows the embed, accessible, attributed; another site gets a French refusal. */
describe('a partner’s embed on its own site (Chromium)', () => {
  const browser = useBrowser();
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('shows the newest tools in the host page, axe finds nothing serious, the keyboard reaches every link, and links carry the attribution', async () => {
    const partner = await createPartner('CCI Exemple', ['127.0.0.1']);
    const newest = (await allTools()).slice(0, 12);
    const host = await hostPage(`<script src="${stackInfo().webUrl}/embed.js" data-partenaire="${partner.id}" async></script>`);
    servers.push(host.server);
    const { page, context } = await newPage(browser());
    try {
      const cookiesBefore = (await context.cookies()).length;
      await page.goto(host.url);
      await page.getByRole('link', { name: newest[0].name }).waitFor({ timeout: WAIT.navigation });
      await page.getByText('Proposé par').waitFor();
      expect(await page.getByRole('region', { name: 'Outils gratuits pour votre entreprise' }).count()).toBe(1);
      const links = page.locator('[data-outils-embed] a');
      const names = await links.allTextContents();
      expect(names.slice(0, newest.length)).toEqual(newest.map((tool) => tool.name));
      expect(names.slice(-2)).toEqual(['CCI Exemple', 'Outils']);
      for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''))) {
        if (href.startsWith(stackInfo().webUrl)) expect(new URL(href).searchParams.get('partenaire')).toMatch(new RegExp(`^${partner.id}\\.`));
      }
      expect((await context.cookies()).length).toBe(cookiesBefore);

      const findings = await scan(page, 'partner embed', '[data-outils-embed]');
      expect(describeFindings(blocking(findings))).toBe('');

      // Every link of the embed, in order, with Tab from the page's own link before it.
      await page.getByRole('link', { name: 'Aller au contenu' }).focus();
      const reached: string[] = [];
      for (let i = 0; i < names.length + 2; i += 1) {
        await page.keyboard.press('Tab');
        reached.push(await focusedName(page));
      }
      expect(reached.slice(0, names.length)).toEqual(names);
      expect(reached[names.length]).toBe('Nous contacter');
    } finally {
      await context.close();
    }
  });

  it('says in French that the site is not allowed, and shows no tool', async () => {
    const partner = await createPartner('CMA Ailleurs', ['www.cma-ailleurs.fr']);
    const host = await hostPage(`<script src="${stackInfo().webUrl}/embed.js" data-partenaire="${partner.id}" async></script>`);
    servers.push(host.server);
    const { page, context } = await newPage(browser());
    try {
      await page.goto(host.url);
      await page.getByRole('alert').filter({ hasText: PartnerMessages.hostNotAllowed }).waitFor({ timeout: WAIT.navigation });
      expect(await page.locator('[data-outils-embed] a').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('refuses in French a kit given with a topic, and shows no tool (R1007)', async () => {
    const partner = await createPartner('CCI Kit', ['127.0.0.1']);
    const host = await hostPage(`<script src="${stackInfo().webUrl}/embed.js" data-partenaire="${partner.id}" data-kit="${'k'.repeat(43)}" data-sujet="1" async></script>`);
    servers.push(host.server);
    const { page, context } = await newPage(browser());
    try {
      await page.goto(host.url);
      await page.getByRole('alert').filter({ hasText: PartnerMessages.kitWithSlice }).waitFor({ timeout: WAIT.navigation });
      expect(await page.locator('[data-outils-embed] a').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
