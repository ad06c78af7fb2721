import type { Browser, Page } from 'playwright-core';
import { adminSession, allTools, createToolByApi } from './support/api';
import { blocking, describe as describeFindings, Finding, record, scan } from './support/axe';
import { expectDownload, expectHeading, expectRealFile, launchBrowser, Session, url, withPage } from './support/browser';
import { sheetDownloadName } from './support/listing';
import { openRoute, RouteCase, specRoutes } from './support/routes';

/** The accessible name (or text) of the focused element, and whether it sits in a dialog. */
async function focused(page: Page): Promise<{ name: string; inDialog: boolean; tag: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      inDialog: !!el?.closest('[role="dialog"], [role="alertdialog"]'),
      tag: el?.tagName.toLowerCase() ?? '',
    };
  });
}

/**
 * The focused element once a popup or menu has closed. Radix gives the focus back on the tick
 * after it unmounts, so this waits for the focus to leave <body> (and fails if it never does).
 */
async function focusedAfterClose(page: Page): Promise<{ name: string; inDialog: boolean; tag: string }> {
  await page.waitForFunction(() => !!document.activeElement && document.activeElement !== document.body, undefined, { timeout: 5_000 });
  return focused(page);
}

/** Presses Tab until the focused element's name matches (at most `max` presses). */
async function tabTo(page: Page, name: string | RegExp, max = 60, insideDialog = false): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (insideDialog) expect(f.inDialog).toBe(true); // the dialog keeps the focus
    if (typeof name === 'string' ? f.name === name : name.test(f.name)) return;
  }
  throw new Error(`"${String(name)}" never got the focus with Tab`);
}

/**
 * Runs in the page: gives the keyboard focus (focus-visible) to every visible focusable element
 * in turn and measures its ring — its own outline, or the card / search box that draws it —
 * against the background behind the ring (a gradient: its worst stop). Gives the weak ones.
 */
function weakFocusRings(): { weak: string[]; checked: number } {
  const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, b]: number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a: number[], b: number[]) => {
    const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };
  const hasRing = (el: HTMLElement) => getComputedStyle(el).outlineStyle !== 'none' && parseFloat(getComputedStyle(el).outlineWidth) > 0;
  const weak: string[] = [];
  let checked = 0;
  const focusables = [...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])')]
    .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
  for (const el of focusables) {
    (el as HTMLElement & { focus(options: { focusVisible: boolean }): void }).focus({ focusVisible: true });
    // Chromium shows the ring on a scripted focus after a keyboard interaction (the caller's Tab).
    if (document.activeElement !== el || !el.matches(':focus-visible')) continue;
    checked += 1;
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
    let ringEl: HTMLElement | null = el;
    while (ringEl && !hasRing(ringEl)) ringEl = ringEl.parentElement;
    if (!ringEl) {
      weak.push(`« ${name} » : aucun anneau`);
      continue;
    }
    const ring = parse(getComputedStyle(ringEl).outlineColor);
    const backgrounds: number[][] = [];
    for (let node = ringEl.parentElement; node && !backgrounds.length; node = node.parentElement) {
      const style = getComputedStyle(node);
      const gradient = style.backgroundImage.match(/rgba?\([^)]+\)/g);
      if (gradient) backgrounds.push(...gradient.map(parse));
      const colour = parse(style.backgroundColor);
      if (!gradient && colour.length >= 3 && (colour[3] ?? 1) > 0.5) backgrounds.push(colour);
    }
    if (!backgrounds.length) backgrounds.push([255, 255, 255]);
    const contrast = Math.min(...backgrounds.map((bg) => ratio(ring, bg)));
    if (contrast < 3) weak.push(`« ${name} » ${contrast.toFixed(2)}:1 (${getComputedStyle(ringEl).outlineColor} sur ${backgrounds.map((b) => `rgb(${b.slice(0, 3)})`).join(' → ')})`);
  }
  (document.activeElement as HTMLElement | null)?.blur();
  return { weak, checked };
}

describe('accessibility', () => {
  let browser: Browser;
  let routes: RouteCase[];
  let admin: Session;
  const findings: Finding[] = [];

  // The two passes over the route table run side by side (two contexts); each test awaits its own.
  const passes: Record<string, Promise<Finding[]>> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    routes = await specRoutes();
    admin = await adminSession();
    passes.guest = scanRoutes(routes.filter((r) => r.access === 'public'), 'visiteur');
    passes.admin = scanRoutes(routes, 'admin', admin);
    for (const pass of Object.values(passes)) pass.catch(() => undefined); // reported by its test
  });
  afterAll(async () => {
    await Promise.allSettled(Object.values(passes));
    record('a11y', findings);
    await browser?.close();
  });

  /** Template placeholders (« [raison sociale] », « SIRET [numéro] ») left on any route. */
  const placeholders: string[] = [];

  async function scanRoutes(list: RouteCase[], who: string, session?: Session) {
    const found: Finding[] = [];
    await withPage(browser, `a11y-${who}`, { session }, async ({ page }) => {
      for (const route of list) {
        await openRoute(page, route.path);
        found.push(...(await scan(page, `${route.path} (${who})`)));
        const left = await page.evaluate(() => document.body.innerText.match(/\[[^\]\n]{2,}\]/g) ?? []);
        placeholders.push(...left.map((text) => `${route.path} (${who}): ${text}`));
      }
    });
    findings.push(...found);
    return found;
  }

  it('has no serious or critical WCAG 2.1 AA violation on any public route, logged out', async () => {
    const found = await passes.guest;
    expect(describeFindings(blocking(found))).toBe('');
  }, 240_000);

  it('has no serious or critical violation on any route, logged in (admin pages as an admin)', async () => {
    const found = await passes.admin;
    expect(describeFindings(blocking(found))).toBe('');
  }, 240_000);

  it('leaves no bracket placeholder on any route, legal pages and footer included', async () => {
    await Promise.all(Object.values(passes));
    expect(placeholders).toEqual([]);
  }, 240_000);

  it('shows a focus ring that stands out (3:1) from the background behind it, on light and dark bands alike', async () => {
    const tools = await allTools();
    const tool = tools.find((t) => t.images.length > 1) ?? tools[0];
    const weak: string[] = [];
    await withPage(browser, 'a11y-focus-rings', {}, async ({ page }) => {
      for (const path of ['/', '/toolspage', `/toolspage/${tool.slug}`, '/info/legalnotice']) {
        await openRoute(page, path);
        await page.keyboard.press('Tab');
        const result = await page.evaluate(weakFocusRings);
        expect(result.checked).toBeGreaterThan(10);
        weak.push(...result.weak.map((line) => `${path}: ${line}`));
      }
    });
    expect(weak).toEqual([]);
  });

  it('lets the keyboard skip to the results, and reach each card\'s name before its image controls', async () => {
    await withPage(browser, 'a11y-listing-keyboard', {}, async ({ page }) => {
      await openRoute(page, '/toolspage');
      await tabTo(page, 'Aller aux résultats', 12);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('resultats');
      let presses = 0;
      let sawTitle = false;
      for (; presses < 120; presses += 1) {
        await page.keyboard.press('Tab');
        const f = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const card = el.closest('article');
          return {
            name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
            title: !!el.closest('h2'),
            cardIndex: card ? [...document.querySelectorAll('#resultats article')].indexOf(card) : -1,
          };
        });
        if (f.name.startsWith('Suivant')) break;
        if (f.cardIndex === 0 && f.title) sawTitle = true;
        // The first card's image controls come after its name.
        if (f.cardIndex === 0 && /^Image (précédente|suivante)/.test(f.name)) expect(sawTitle).toBe(true);
      }
      // Before: 84 presses from the top of the page; now the skip link and one stop per control
      // (each card has four since 'Ajouter à un dossier', docs/product/rules.md#R504).
      expect(presses).toBeLessThan(72);
      console.log(`Tab presses from « Aller aux résultats » to « Suivant » : ${presses + 1}`);
    });
  });

  it('opens « Mon espace » and the guest modal with the keyboard, even when Enter comes before their code (docs/product/rules.md#R432)', async () => {
    await withPage(browser, 'a11y-header-keyboard', {}, async ({ page }) => {
      // The menu's code is held back until Enter has been pressed on the stand-in button.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/account-menu-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await openRoute(page, '/');
      await tabTo(page, 'Mon espace');
      await page.keyboard.press('Enter');
      release();
      await page.getByRole('menu').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
      expect((await focused(page)).name).toBe('Se connecter');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      expect((await focusedAfterClose(page)).name).toBe('Mon espace');
      // Once loaded, the menu is Radix's own: ArrowDown opens it on its first item.
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
      expect((await focused(page)).name).toBe('Se connecter');
      await page.keyboard.press('Escape');
      // The menu closes and gives the focus back before the next key (as a person would see it).
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      // The button itself, not the page's body (whose text holds 'Mon espace' too): Shift+Tab from the body would wrap to the footer.
      await page.waitForFunction(() => document.activeElement?.closest('button')?.textContent?.includes('Mon espace') === true);

      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).name).toBe('Mes favoris');
      await page.keyboard.press('Enter');
      const modal = page.getByRole('alertdialog', { name: 'Vos favoris vous attendent' });
      await modal.waitFor();
      expect((await focused(page)).inDialog).toBe(true);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      expect((await focusedAfterClose(page)).name).toBe('Mes favoris');
    });
  });

  it('runs the download popup with the keyboard only: Enter opens it, Escape closes it, focus goes back to the button', async () => {
    const tool = (await allTools())[0];
    const found: Finding[] = [];
    await withPage(browser, 'a11y-download-keyboard', {}, async ({ page, context }) => {
      await openRoute(page, `/toolspage/${tool.slug}`);
      const opener = sheetDownloadName(tool.name);
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Télécharger « ${tool.name} »` });
      await dialog.waitFor();
      expect((await focused(page)).inDialog).toBe(true);
      found.push(...(await scan(page, `/toolspage/{slug}: popup de téléchargement`)));

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect((await focusedAfterClose(page)).name).toMatch(opener);

      // Again, this time to the end: e-mail typed, consent ticked with Space, the file downloaded.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      if ((await focused(page)).tag !== 'input') await tabTo(page, '', 10, true);
      await page.keyboard.type(`clavier-${Date.now().toString(36)}@example.com`);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await dialog.getByRole('checkbox').isChecked()).toBe(true);
      await tabTo(page, 'Télécharger l’outil', 10, true);
      const file = await expectDownload(context, page, () => page.keyboard.press('Enter'));
      expectRealFile(file);
      await dialog.waitFor({ state: 'hidden' });
      expect((await focusedAfterClose(page)).name).toMatch(opener);
    });
    findings.push(...found);
    expect(describeFindings(blocking(found))).toBe('');
  });

  it('runs the delete confirmation with the keyboard only: Escape and Annuler keep the tool, Supprimer deletes it', async () => {
    const tool = await createToolByApi(admin, { title: `Outil à supprimer au clavier ${Date.now().toString(36)}`, description: 'Créé pour le test au clavier.' });
    const found: Finding[] = [];
    await withPage(browser, 'a11y-delete-keyboard', { session: admin }, async ({ page }) => {
      await openRoute(page, '/admin');
      const opener = `Supprimer ${tool.name}`;
      await page.getByRole('link', { name: `Modifier ${tool.name}` }).focus();
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe(opener);

      const dialog = page.getByRole('alertdialog', { name: `Confirmer la suppression de « ${tool.name} » ?` });
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect((await focused(page)).inDialog).toBe(true);
      found.push(...(await scan(page, '/admin: confirmation de suppression')));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect((await focusedAfterClose(page)).name).toBe(opener);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, 'Annuler', 10, true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect((await focusedAfterClose(page)).name).toBe(opener);
      expect(await page.getByRole('rowheader', { name: tool.name, exact: true }).count()).toBe(1);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, 'Supprimer', 10, true);
      const deleted = page.waitForResponse((r) => r.url().includes('/admin/tools/delete'));
      await page.keyboard.press('Enter');
      expect((await deleted).status()).toBeLessThan(300);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('rowheader', { name: tool.name, exact: true }).waitFor({ state: 'detached' });
      // The row is gone: the focus lands on the page's heading, not on <body>.
      await expectHeading(page, 'Admin Dashboard');
      expect((await focused(page)).name).toBe('Admin Dashboard');
    });
    findings.push(...found);
    expect(describeFindings(blocking(found))).toBe('');
  });

  it('keeps the guest dialogs (favourites alert, guest modal) free of serious violations', async () => {
    const found: Finding[] = [];
    await withPage(browser, 'a11y-guest-dialogs', {}, async ({ page }) => {
      await openRoute(page, '/toolspage');
      await page.getByRole('button', { name: /^Ajouter « .+ » aux favoris$/ }).first().click();
      await page.getByRole('alertdialog', { name: 'Favoris réservés aux membres' }).waitFor();
      found.push(...(await scan(page, '/toolspage: alerte favoris (visiteur)')));
      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Mes favoris' }).click();
      await page.getByRole('alertdialog', { name: 'Vos favoris vous attendent' }).waitFor();
      found.push(...(await scan(page, '/toolspage: fenêtre « Mes favoris » (visiteur)')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Mon espace' }).click();
      await page.getByRole('menu').waitFor();
      found.push(...(await scan(page, '/toolspage: menu « Mon espace » ouvert')));
    });
    findings.push(...found);
    expect(describeFindings(blocking(found))).toBe('');
  });

  it('goes back to the listing from the sheet’s breadcrumb with the keyboard', async () => {
    const tool = (await allTools())[1];
    await withPage(browser, 'a11y-skip-link', {}, async ({ page }) => {
      await page.goto(url(`/toolspage/${tool.slug}`));
      await expectHeading(page, tool.name);
      // The first Tab reaches the skip link, which moves the focus to the main content.
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe('Aller au contenu');
      await page.keyboard.press('Enter');
      await tabTo(page, 'Explorer', 10);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/toolspage');
      await expectHeading(page, 'Tous les outils');
    });
  });
});
