import { PARTNER_ATTRIBUTION_PARAM } from '@outils/contracts';

const KEY = 'outils.partenaire';

/**
 * A partner's signed attribution (docs/product/rules.md#R997): read from the address a partner's
 * embed linked to (`?partenaire=`) and kept for the tab's session only (`sessionStorage`, no cookie,
 * never sent but to the API's download-link and sign-up calls), so that a download or a sign-up that
 * follows is credited to that partner.
 */
export function keepAttribution(search: string): string | null {
  const token = new URLSearchParams(search).get(PARTNER_ATTRIBUTION_PARAM);
  if (!token || token.length > 200) return null;
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode, quota): the sheet is still credited, what follows is not.
  }
  return token;
}

/** The attribution kept for this tab, if any. */
export function keptAttribution(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
