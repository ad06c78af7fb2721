import type { UsefulnessMine } from '@outils/contracts';

/**
 * A guest's browser key (docs/product/rules.md#R961) and the answers this browser gave, kept in
 * local storage: the API keeps only the key's hash, and nothing that names the guest.
 */
const KEY = 'outils:visitor-key';
const ANSWERS = 'outils:usefulness-answers';

export function visitorKey(): string | undefined {
  try {
    let key = window.localStorage.getItem(KEY);
    if (!key || !/^[A-Za-z0-9_-]{22,64}$/.test(key)) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      window.localStorage.setItem(KEY, key);
    }
    return key;
  } catch {
    return undefined;
  }
}

function readAnswers(): Record<string, UsefulnessMine> {
  try {
    const value = JSON.parse(window.localStorage.getItem(ANSWERS) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, UsefulnessMine>) : {};
  } catch {
    return {};
  }
}

export function guestAnswer(toolId: number): UsefulnessMine | null {
  return readAnswers()[String(toolId)] ?? null;
}

export function rememberGuestAnswer(toolId: number, mine: UsefulnessMine): void {
  try {
    window.localStorage.setItem(ANSWERS, JSON.stringify({ ...readAnswers(), [String(toolId)]: mine }));
  } catch {
    // Without storage the question simply shows again.
  }
}
