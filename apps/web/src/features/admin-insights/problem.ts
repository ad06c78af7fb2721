import { asApiError } from '../../lib/api-error';

/** The French text the API gave for a refused call (first field error or message), else `fallback`. */
export function problemText(error: unknown, fallback: string): string {
  const e = asApiError(error);
  if (e.message) return e.message;
  if (e.errors && !Array.isArray(e.errors) && !('detail' in e.errors)) {
    const first = Object.values(e.errors as Record<string, string[]>)[0]?.[0];
    if (first) return first;
  }
  return fallback;
}
