import type { Browser, Page } from 'playwright-core';
import { blocking, describe as describeFindings, record, scan } from './support/axe';
import { allTools } from './support/api';
import { sheetDownloadName } from './support/listing';
import { eventually, launchBrowser, linkIn, newPage, PageWithErrors, stackInfo, storageItem, url, waitForMail } from './support/browser';

/** The popup comes 9 seconds after the header loads (docs/product/rules.md#R205). */
const DELAY_MS = 9000;
/** How long to watch for a popup that must not come (the popup's delay and a margin). */
const WATCH_MS = DELAY_MS + 2500;

const popup = (page: Page) => page.getByRole('dialog', { name: 'Restez cool' });

/**
 * The four journeys of the 'Restez cool' popup wait on the popup's own timer, so they run side by
 * side (each in its own context) and each test awaits its own journey.
 */
describe('the newsletter popup', () => {
  let browser: Browser;
  const runs: Record<string, Promise<void>> = {};

  const journey = (name: string, run: (p: PageWithErrors) => Promise<void>) => {
    runs[name] = (async () => {
      // The newsletter journeys start without hasCheckedNewsletter, as a first visit does.
      const p = await newPage(browser, { quietNewsletter: false });
      try {
        await run(p);
        expect(p.pageErrors).toEqual([]);
      } finally {
        await p.context.close().catch(() => undefined);
      }
    })();
    runs[name].catch(() => undefined); // reported by its own test
  };

  beforeAll(async () => {
    browser = await launchBrowser();

    journey('appears', async ({ page }) => {
      await page.goto(url('/'));
      await popup(page).waitFor({ state: 'visible', timeout: DELAY_MS + 10_000 });
      // Not before 9 s: the page's own clock since the navigation started (the header mounts later).
      expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(DELAY_MS);
      const dialog = popup(page);
      await dialog.getByLabel('Adresse e-mail').waitFor();
      await dialog.getByRole('checkbox').waitFor();
      expect(await dialog.getByRole('checkbox').isChecked()).toBe(false);
      await dialog.getByRole('button', { name: 'Je m’abonne' }).waitFor();
      const findings = await scan(page, '/: popup « Restez cool »');
      record('newsletter', findings);
      expect(describeFindings(blocking(findings))).toBe('');

      // Closed: remembered, and not shown again after a reload.
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await storageItem(page, 'hasCheckedNewsletter')).toBe('true');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(WATCH_MS);
      expect(await popup(page).count()).toBe(0);
    });

    journey('login', async ({ page }) => {
      await page.goto(url('/login'));
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      await page.waitForTimeout(WATCH_MS);
      expect(await popup(page).count()).toBe(0);
      expect(await storageItem(page, 'hasCheckedNewsletter')).toBeNull();
    });

    journey('register', async ({ page }) => {
      await page.goto(url('/about'));
      const dialog = popup(page);
      await dialog.waitFor({ state: 'visible', timeout: DELAY_MS + 10_000 });
      let calls = 0;
      page.on('request', (r) => { if (r.url().includes('/api/mailjet/register')) calls += 1; });
      const email = `popup-${Date.now().toString(36)}@example.com`;
      await dialog.getByLabel('Adresse e-mail').fill(email);
      // Without consent: the popup says why, keeps the address and sends nothing.
      await dialog.getByRole('button', { name: 'Je m’abonne' }).click();
      await dialog.getByText('Cochez cette case pour vous abonner : sans votre accord, nous ne vous écrirons pas.').waitFor();
      expect(await dialog.getByLabel('Adresse e-mail').inputValue()).toBe(email);
      expect(calls).toBe(0);

      await dialog.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ }).check();
      const registered = page.waitForResponse((r) => r.url().includes('/api/mailjet/register') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Je m’abonne' }).click();
      const response = await registered;
      expect(response.status()).toBeLessThan(300);
      expect(response.request().postData() ?? '').toContain(email);
      // With consent: the popup says what happens next (docs/product/rules.md#R450).
      await dialog.getByText('Merci ! Vérifiez votre boîte mail pour confirmer votre inscription à la newsletter.').waitFor();
      await eventually(async () => expect(await storageItem(page, 'hasCheckedNewsletter')).toBe('true'));
      await dialog.getByRole('button', { name: 'Continuer la visite' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The confirmation mail: its link subscribes (docs/product/rules.md#R451)…
      const mail = await waitForMail(email, 'Confirmez votre inscription');
      await page.goto(linkIn(mail.text, `${stackInfo().webUrl}/newsletter/confirmed?`));
      await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
      await page.getByRole('heading', { level: 1, name: 'Inscription confirmée' }).waitFor();
      await page.getByText('C’est confirmé : vous êtes inscrit(e) à la newsletter.', { exact: false }).waitFor();
      // …and its visible way out unsubscribes, without a session (docs/product/rules.md#R744).
      await page.goto(linkIn(mail.text, `${stackInfo().webUrl}/newsletter/unsubscribe?`));
      await page.getByRole('button', { name: 'Me désinscrire' }).click();
      await page.getByRole('heading', { level: 1, name: 'Désinscription confirmée' }).waitFor();
      await page.getByText('C’est fait : vous êtes désinscrit(e) de la newsletter', { exact: false }).waitFor();
    });

    journey('over-download', async ({ page }) => {
      const tool = (await allTools())[0];
      await page.goto(url(`/toolspage/${tool.slug}`));
      await page.getByRole('button', { name: sheetDownloadName(tool.name) }).click();
      const download = page.getByRole('dialog', { name: `Télécharger « ${tool.name} »` });
      const field = download.getByLabel('Adresse e-mail (facultatif)');
      await field.waitFor();
      // Past the popup's time, the download popup stays alone and keeps the focus.
      await page.waitForTimeout(WATCH_MS);
      expect(await popup(page).count()).toBe(0);
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

      // An e-mail given here, with consent, answers the newsletter question for good.
      await field.fill(`telechargement-${Date.now().toString(36)}@example.com`);
      await download.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ }).check();
      await download.getByRole('button', { name: 'Télécharger l’outil' }).click();
      await download.waitFor({ state: 'hidden' });
      expect(await storageItem(page, 'hasCheckedNewsletter')).toBe('true');
      await page.waitForTimeout(2000);
      expect(await popup(page).count()).toBe(0);
    });

    journey('empty', async ({ page }) => {
      await page.goto(url('/toolspage'));
      const dialog = popup(page);
      await dialog.waitFor({ state: 'visible', timeout: DELAY_MS + 10_000 });
      let calls = 0;
      page.on('request', (r) => { if (r.url().includes('/api/mailjet/register')) calls += 1; });
      await dialog.getByRole('button', { name: 'Je m’abonne' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(calls).toBe(0);
      expect(await storageItem(page, 'hasCheckedNewsletter')).toBe('true');
    });
  });
  afterAll(async () => {
    await Promise.allSettled(Object.values(runs));
    await browser?.close();
  });

  it('appears 9 s after the header loads on /, and not again once closed', () => runs.appears);
  it('does not appear on /login', () => runs.login);
  it('says why without consent; registers, confirms from the mail and unsubscribes from the mail\'s link', () => runs.register);
  it('never opens over the download popup; an e-mail given there counts as handled', () => runs['over-download']);
  it('only closes when its e-mail is empty', () => runs.empty);
});
