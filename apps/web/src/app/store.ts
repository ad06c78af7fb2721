import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { sessionSlice, SessionState, writeStoredSession } from '../lib/session';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, session: sessionSlice.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Mirror the session to localStorage whenever it changes.
  let previous: SessionState = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== previous) {
      previous = next;
      writeStoredSession(next);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
