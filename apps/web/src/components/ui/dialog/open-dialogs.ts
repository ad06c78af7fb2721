import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many modal dialogs are open right now, app-wide. An unsolicited popup (the newsletter's)
 * waits until none is, so that it never opens over another dialog nor steals its focus.
 */
let openCount = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts a dialog as open while `open` is true (used by `Dialog`). */
export function useRegisterOpenDialog(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    openCount += 1;
    notify();
    return () => {
      openCount -= 1;
      notify();
    };
  }, [open]);
}

/** The number of open dialogs; re-renders when it changes. */
export function useOpenDialogCount(): number {
  return useSyncExternalStore(subscribe, () => openCount, () => 0);
}
