import type { LinkKey } from '@outils/server-signing';
import { UUID_EXACT } from '../../common/validation/patterns';

/**
 * A partner's attribution on the links of its embed (docs/product/rules.md#R996): its id and the
 * signature of it under the partner-attribution key, `<id>.<signature>`. It carries no expiry: it
 * names the partner to credit and grants nothing. A tampered one names nobody.
 */
export const attributionOf = (key: LinkKey, partnerId: string) => `${partnerId}.${key.sign([partnerId])}`;

/** The partner a token names, or null for a malformed or tampered one. */
export function partnerOfAttribution(key: LinkKey, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.indexOf('.');
  const id = token.slice(0, dot);
  if (dot < 0 || !UUID_EXACT.test(id)) return null;
  return key.matches([id], token.slice(dot + 1)) ? id.toLowerCase() : null;
}
