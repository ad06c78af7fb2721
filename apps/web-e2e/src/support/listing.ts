import type { Locator, Page } from 'playwright-core';
import { eventually } from './browser';

/** The results area of /toolspage and /toolspage/favorites. */
export const results = (page: Page): Locator => page.getByRole('region', { name: 'Résultats' });

/** The tool cards shown (articles named by their heading). */
export const cards = (page: Page): Locator => results(page).getByRole('article');

export const card = (page: Page, toolName: string): Locator => cards(page).filter({ has: page.getByRole('heading', { name: toolName, exact: true }) });

/** The names on the cards, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  return (await cards(page).getByRole('heading').allTextContents()).map((t) => t.trim());
}

/** A filter option of the side menu, whatever its count (« Cybersécurité (6) », docs/product/rules.md#R606). */
export const filterOption = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`) });

/** « 1 outil », « 32 outils » as the listing writes it. */
export const countText = (n: number) => `${new Intl.NumberFormat('fr-FR').format(n)} ${n === 1 || n === 0 ? 'outil' : 'outils'}`;

/** Waits until the listing shows exactly these names (the list is loaded and settled). */
export async function expectCardNames(page: Page, names: string[]): Promise<void> {
  await eventually(async () => {
    expect(await results(page).getAttribute('aria-busy')).toBe('false');
    expect(await cardNames(page)).toEqual(names);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sheet's download button, which names the file's format and size before the tool
 * (« Télécharger le PDF (1,2 Mo) « Nom » », docs/product/rules.md#R635).
 */
export const sheetDownloadName = (toolName: string): RegExp => new RegExp(`^Télécharger (le|la|l’)[^«]*\\(.+\\) « ${escapeRegExp(toolName)} »$`);
