import { SERVER_RENDERED_ATTRIBUTE } from '@outils/contracts';
import { api } from '../lib/api';
import type { RootState } from './store';

/**
 * The store's first state when the app takes over a page the web server rendered
 * (docs/product/rules.md#R830, #R835): the API answers of the page's data block. They count as
 * received now: the web server keeps a rendered page until the catalogue changes (#R889), so the
 * answers of a page sent an hour after its render are still the current ones, and a read that asks
 * again for an answer older than a few seconds (the library's listing) must not ask again on
 * take-over what the page already shows.
 */
export function takenOverState(pageData: string, now = Date.now()): Partial<RootState> {
  const state = JSON.parse(pageData) as RootState[typeof api.reducerPath];
  const queries = Object.fromEntries(
    Object.entries(state.queries).map(([key, entry]) => [
      key,
      entry && entry.status === 'fulfilled' ? { ...entry, startedTimeStamp: now, fulfilledTimeStamp: now } : entry,
    ]),
  ) as typeof state.queries;
  return { [api.reducerPath]: { ...state, queries } } as Partial<RootState>;
}

/**
 * Whether the page at this history entry is the one the visit opened on and the app took it over
 * from the web server's HTML (src/main.tsx leaves the server's mark on `#root` then). Such a page
 * shows the answers it came with, however long a slow phone took to take it over
 * (docs/product/rules.md#R861); a page reached by a link asks as it always does.
 */
export function takenOverEntry(locationKey: string): boolean {
  return locationKey === 'default' && typeof document !== 'undefined' && document.querySelector(`[${SERVER_RENDERED_ATTRIBUTE}]`) !== null;
}
