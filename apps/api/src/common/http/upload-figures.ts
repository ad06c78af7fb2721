/**
 * This process's uploads (docs/product/rules.md#R899): `started` since it began, `open` from their
 * first byte read until their response is over and every temporary file they opened is closed and
 * removed. `/metrics` shows both: an upload that stays open is a file descriptor and disk held.
 */
const figures = { started: 0, open: 0 };

/** Counts an upload as started and open; the function returned counts it over (once, however often it is called). */
export function uploadOpened(): () => void {
  figures.started += 1;
  figures.open += 1;
  let over = false;
  return () => {
    if (over) return;
    over = true;
    figures.open -= 1;
  };
}

export const uploadFigures = (): Readonly<typeof figures> => figures;
