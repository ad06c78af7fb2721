type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/** A path of this site only (no `//host` open redirect), e.g. where to go back after login. */
export function safeInternalPath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * Goes to a url the server returned (sign-up's next page, a tool's former slug): inside the app
 * when it is a path or an address of this origin, with a full page load for another web origin.
 * `replace` takes the place of the current history entry (a redirect the visitor never chose).
 */
export function goToServerUrl(url: string, navigate: Navigate, { replace = false }: { replace?: boolean } = {}): void {
  const inApp = (to: string) => void navigate(to, replace ? { replace: true } : undefined);
  if (safeInternalPath(url)) return inApp(url);
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return inApp(url);
  }
  if (target.origin === window.location.origin || !/^https?:$/.test(target.protocol)) {
    return inApp(`${target.pathname}${target.search}${target.hash}`);
  }
  if (replace) window.location.replace(target.href);
  else window.location.assign(target.href);
}
