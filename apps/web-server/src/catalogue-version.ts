import type { CatalogueVersionResponse } from '@outils/contracts';
import { fetchApiText } from './api-client';

/** How often the web server asks the API for the catalogue's version (docs/product/rules.md#R831). */
export const VERSION_POLL_MS = 1_000;

/** Where the web server reads the catalogue's version; `null` when it cannot vouch for one. */
export interface CatalogueVersionSource {
  current(): string | null;
  /** When the version last went from one known value to another (ms since the epoch; 0: never). */
  changedAt(): number;
}

/**
 * The catalogue's version as the API says it (`GET /api/seo/catalogue-version`), asked every
 * second by a timer that never keeps the process alive. A kept page is served only while the
 * version it was rendered at is the current one (docs/product/rules.md#R831): a change of the
 * catalogue reaches the web server within a second, as it reaches every API instance (#R302).
 * The API away, slow or without a version of its own: `null`, and pages are kept a second only.
 */
export function catalogueVersions(apiUrl: string, pollMs = VERSION_POLL_MS): CatalogueVersionSource {
  let version: string | null = null;
  let lastKnown: string | null = null;
  let changedAt = 0;
  const set = (next: string | null) => {
    version = next;
    if (next === null || next === lastKnown) return;
    // The first version seen is no change: nothing rendered before it may linger anywhere.
    if (lastKnown !== null) changedAt = Date.now();
    lastKnown = next;
  };
  const ask = async (): Promise<void> => {
    try {
      const res = await fetchApiText(`${apiUrl}/api/seo/catalogue-version`, 'application/json');
      const body = res.status >= 200 && res.status < 300 ? (JSON.parse(res.body) as Partial<CatalogueVersionResponse> | null) : null;
      set(typeof body?.version === 'string' && body.version.length <= 200 ? body.version : null);
    } catch {
      set(null);
    }
  };
  const loop = () => {
    void ask().finally(() => setTimeout(loop, pollMs).unref());
  };
  loop();
  return { current: () => version, changedAt: () => changedAt };
}
