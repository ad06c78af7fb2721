import { webConfig, WebConfig } from '../config/env';

/**
 * Loads the privacy-friendly tracker named by `analyticsScriptUrl` (docs/product/rules.md#R172) only when the
 * page's host is the production host; otherwise nothing loads. Loaded once.
 */
export function loadAnalytics(config: WebConfig = webConfig(), location: Pick<Location, 'host'> = window.location): boolean {
  const { analyticsScriptUrl, productionHost } = config;
  if (!analyticsScriptUrl || !productionHost || location.host !== productionHost) return false;
  if (document.querySelector('script[data-analytics]')) return false;
  const script = document.createElement('script');
  script.src = analyticsScriptUrl;
  script.async = true;
  script.defer = true;
  script.dataset.analytics = 'true';
  script.dataset.domain = productionHost; // Plausible reads its site from data-domain
  document.head.appendChild(script);
  return true;
}
