import type { PageReadsWindow } from '@outils/contracts';
import { api } from '../lib/api';
import type { AppStore } from './store';

/**
 * The answers one page rendered by the web server shares with the next ones
 * (docs/product/rules.md#R840): the publisher, the kits, the filters, the tool of the month, the
 * library's two rows… are the same on every address of one catalogue version, so a new address
 * (a search, a filter, a page number) asks the API only for what is its own. app/page-data.ts
 * marks those reads (`share`); they are kept while the web server's window lasts: the same
 * catalogue version, until the time it gives (never longer than a kept page, #R889).
 */

interface SharedEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

let kept: { window: PageReadsWindow; entries: Map<string, SharedEntry> } | null = null;

const usable = (window: PageReadsWindow | undefined): window is PageReadsWindow =>
  !!window && window.version !== '' && window.until > Date.now();

/** The answers kept for this window, put in a new page's store before its reads are asked (they are then not asked again). */
export function reuseSharedReads(store: AppStore, window: PageReadsWindow | undefined): void {
  if (!usable(window) || !kept || kept.window.version !== window.version || kept.window.until !== window.until) {
    kept = usable(window) ? { window, entries: new Map() } : null;
    return;
  }
  if (kept.entries.size === 0) return;
  store.dispatch(api.util.upsertQueryEntries([...kept.entries.values()] as Parameters<typeof api.util.upsertQueryEntries>[0]));
}

/** Keeps the shared reads (cache keys) this render received whole, for the next renders of the window. */
export function keepSharedReads(store: AppStore, keys: Iterable<string>, window: PageReadsWindow | undefined): void {
  if (!kept || !usable(window) || kept.window.version !== window.version || kept.window.until !== window.until) return;
  const { queries } = store.getState()[api.reducerPath];
  for (const key of keys) {
    const entry = queries[key];
    if (kept.entries.has(key) || entry?.status !== 'fulfilled') continue;
    kept.entries.set(key, { endpointName: entry.endpointName, arg: entry.originalArgs, value: entry.data });
  }
}

/** Forgets every kept answer (tests). */
export function forgetSharedReads(): void {
  kept = null;
}
