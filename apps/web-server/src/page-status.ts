import { isNotFoundPage, sheetIdentifierOf } from '@outils/contracts';
import { fetchApiText } from './api-client';
import { PATH_MAX } from './page-head';
import { TtlCache } from './ttl-cache';

const STATUS_TTL_MS = 60_000;
const FAILURE_TTL_MS = 5_000;

/**
 * The HTTP status of each page path (docs/product/rules.md#R800), from the app's route table (the
 * shared WebPagePaths): 404 for a path the app has no page for; for a tool's sheet, what the API
 * says (`GET /api/seo/page-status?path=`: 404 when it names no tool), kept a minute; 200 for every
 * other page, and for a sheet when the API does not answer (the app then shows what it finds).
 */
export function pageStatuses(apiUrl: string) {
  const cache = new TtlCache<200 | 404>();
  return {
    get(path: string): Promise<200 | 404> {
      if (isNotFoundPage(path)) return Promise.resolve(404);
      if (path.length > PATH_MAX || sheetIdentifierOf(path) === null) return Promise.resolve(200);
      return cache.get(path, async () => {
        try {
          const res = await fetchApiText(`${apiUrl}/api/seo/page-status?path=${encodeURIComponent(path)}`, 'application/json');
          if (res.status === 404) return { value: 404, ttl: STATUS_TTL_MS };
          if (res.status < 300) return { value: 200, ttl: STATUS_TTL_MS };
        } catch {
          // below
        }
        return { value: 200, ttl: FAILURE_TTL_MS };
      });
    },
    clear: () => cache.clear(),
  };
}
