import { DIAGNOSTIC_ANSWERS_PARAM } from '@outils/contracts';

/**
 * A guest's answers stay in this browser only (docs/product/rules.md#R556): the answers in
 * progress (`draft`, by question) and a finished diagnostic waiting for an account (`pending`),
 * saved to the account at the next sign-in and then forgotten.
 */
const DRAFT_KEY = 'outils.diagnostic.draft';
const PENDING_KEY = 'outils.diagnostic.pending';

export type Draft = { index: number; answers: Record<string, number[]> };

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or full storage: the diagnostic still works, it is just not kept.
  }
}

export const readDraft = () => read<Draft>(DRAFT_KEY);
export const writeDraft = (draft: Draft | null) => write(DRAFT_KEY, draft);

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0);
export const readPending = () => {
  const value = read<unknown>(PENDING_KEY);
  return isIdList(value) && value.length > 0 ? value : null;
};
export const writePending = (answerIds: number[] | null) => write(PENDING_KEY, answerIds);

/** `?reponses=3-8-12` → [3, 8, 12]; anything malformed → []. */
export function parseAnswersParam(params: URLSearchParams): number[] {
  const raw = params.get(DIAGNOSTIC_ANSWERS_PARAM) ?? '';
  if (!/^\d{1,9}(-\d{1,9}){0,199}$/.test(raw)) return [];
  return raw.split('-').map(Number);
}
