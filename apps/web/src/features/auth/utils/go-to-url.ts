/**
 * Goes to a url the server returned (sign-up, tool sheet): inside the app when it is a path
 * or an address of this origin, otherwise with a full page load.
 */
export function goToServerUrl(url: string, navigate: (to: string) => unknown): void {
  if (url.startsWith('/') && !url.startsWith('//')) {
    void navigate(url);
    return;
  }
  try {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}${target.hash}`);
    else window.location.assign(target.href);
  } catch {
    window.location.assign(url);
  }
}
