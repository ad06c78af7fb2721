import type { WebRuntimeConfig } from '@outils/contracts';

/** Runtime settings from `/config.js` (written by the web server), with development defaults. */
export interface WebConfig extends WebRuntimeConfig {
  /** On the web server only (docs/product/rules.md#R830): where it reaches the API itself, when not at `apiUrl`. */
  serverApiUrl?: string;
}

declare global {
  // The browser's copy comes from /config.js; the web server sets its own before rendering a page.
  var __OUTILS_CONFIG__: Partial<WebConfig> | undefined;
}

export function webConfig(): WebConfig {
  const raw = globalThis.__OUTILS_CONFIG__ ?? {};
  return {
    apiUrl: (raw.apiUrl ?? 'http://localhost:3000').replace(/\/$/, ''),
    analyticsScriptUrl: raw.analyticsScriptUrl ?? null,
    productionHost: raw.productionHost ?? null,
    ...(raw.serverApiUrl ? { serverApiUrl: raw.serverApiUrl.replace(/\/$/, '') } : {}),
  };
}
