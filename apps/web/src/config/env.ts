/** Runtime settings from `/config.js` (written by the web server), with development defaults. */
export interface WebConfig {
  apiUrl: string;
  analyticsScriptUrl: string | null;
  productionHost: string | null;
}

declare global {
  interface Window {
    __OUTILS_CONFIG__?: Partial<WebConfig>;
  }
}

export function webConfig(): WebConfig {
  const raw = (typeof window !== 'undefined' && window.__OUTILS_CONFIG__) || {};
  return {
    apiUrl: (raw.apiUrl ?? 'http://localhost:3000').replace(/\/$/, ''),
    analyticsScriptUrl: raw.analyticsScriptUrl ?? null,
    productionHost: raw.productionHost ?? null,
  };
}
