/** A site an admin allows: a host name, or `*.` and a domain for its subdomains (docs/product/rules.md#R995). */
export const HOST_RULE = /^(\*\.)?(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The host rule as the admin typed it, lower-cased and without scheme, path or port; null when it is none. */
export function normaliseHostRule(text: string): string | null {
  const bare = text.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '');
  return HOST_RULE.test(bare) ? bare : null;
}

/** The host name of a browser's `Origin` header; null for none or `null` (a sandboxed or local page). */
export function hostOfOrigin(origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    return new URL(origin).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Whether `host` is one of the rules: itself, or a subdomain of a `*.` rule (never the bare domain of one). */
export function hostAllowed(host: string, rules: readonly string[]): boolean {
  return rules.some((rule) => (rule.startsWith('*.') ? host.endsWith(rule.slice(1)) : host === rule));
}
