import { createSlice, PayloadAction } from '@reduxjs/toolkit';
import { StorageKeys } from '@outils/contracts';

/**
 * The browser session (docs/product/rules.md#R15): token and current_user_email (connected means both exist),
 * plus the hasGivenEmail and hasCheckedNewsletter flags. Mirrored to localStorage with the
 * key names of R15 and restored on page load.
 */
export interface SessionState {
  token: string | null;
  email: string | null;
  hasGivenEmail: boolean;
  hasCheckedNewsletter: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // private mode or blocked storage: the session lives in memory only
  }
}

export function readStoredSession(): SessionState {
  const s = storage();
  return {
    token: s?.getItem(StorageKeys.token) || null,
    email: s?.getItem(StorageKeys.email) || null,
    hasGivenEmail: !!s?.getItem(StorageKeys.hasGivenEmail),
    hasCheckedNewsletter: s?.getItem(StorageKeys.hasCheckedNewsletter) === 'true',
  };
}

export function writeStoredSession(state: SessionState): void {
  const s = storage();
  if (!s) return;
  const set = (key: string, value: string | null) => (value ? s.setItem(key, value) : s.removeItem(key));
  set(StorageKeys.token, state.token);
  set(StorageKeys.email, state.email);
  set(StorageKeys.hasGivenEmail, state.hasGivenEmail ? 'true' : null);
  set(StorageKeys.hasCheckedNewsletter, state.hasCheckedNewsletter ? 'true' : null);
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: readStoredSession,
  reducers: {
    loggedIn(state, action: PayloadAction<{ email: string; token: string }>) {
      state.email = action.payload.email;
      state.token = action.payload.token;
    },
    loggedOut(state) {
      state.email = null;
      state.token = null;
    },
    /** After a profile update that changed the address (the session stays valid). */
    emailChanged(state, action: PayloadAction<string>) {
      state.email = action.payload;
    },
    emailGiven(state) {
      state.hasGivenEmail = true;
    },
    newsletterChecked(state) {
      state.hasCheckedNewsletter = true;
    },
  },
});

export const { loggedIn, loggedOut, emailChanged, emailGiven, newsletterChecked } = sessionSlice.actions;

export const selectSession = (state: { session: SessionState }) => state.session;
export const selectIsConnected = (state: { session: SessionState }) => !!(state.session.token && state.session.email);
