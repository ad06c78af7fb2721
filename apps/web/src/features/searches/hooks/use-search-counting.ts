import { MouseEvent, useCallback, useEffect, useRef } from 'react';
import { useRecordSearchMutation, useSearchOpenedMutation } from '../api/searches.api';

/** A search counts once it has stayed on screen this long with its results (not each word typed). */
export const SEARCH_SETTLED_MS = 1500;

/**
 * Counts the library's searches (docs/product/rules.md#R970): once per search text shown with its
 * results, and an opened result when a tool's sheet is opened from them. Failures are ignored: a
 * search not counted changes nothing for the visitor.
 */
export function useSearchCounting(q: string | undefined, results: number | undefined) {
  const [record] = useRecordSearchMutation();
  const [opened] = useSearchOpenedMutation();
  const counted = useRef<string | null>(null);
  const text = q?.trim() ?? '';

  useEffect(() => {
    if (!text || results === undefined || counted.current === text) return;
    const timer = setTimeout(() => {
      counted.current = text;
      record({ q: text, results }).unwrap().catch(() => undefined);
    }, SEARCH_SETTLED_MS);
    return () => clearTimeout(timer);
  }, [text, results, record]);

  /** For the results' `onClickCapture`: a link to a sheet opened from a counted search. */
  return useCallback((event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a');
    const href = link?.getAttribute('href') ?? '';
    if (!text || counted.current !== text || !/^\/(toolspage|tools)\/[^?]/.test(href)) return;
    opened({ q: text }).unwrap().catch(() => undefined);
  }, [text, opened]);
}
