import type { LinkKey } from '@outils/server-signing';

/**
 * What the signed link and the dashboard cookie carry: the admin's session, so that a logout,
 * a password change or a demotion closes the dashboard too (each request re-checks it).
 * Sealed under the dashboard's purpose key (docs/product/rules.md#R880).
 */
export interface DashboardGrant {
  kind: 'link' | 'cookie';
  /** Session id (auth_session.id) and user id of the admin who asked for the link. */
  sid: string;
  uid: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  /** Links are single use: the nonce is burnt in Redis when the link is opened. */
  nonce?: string;
}

export const LINK_TTL_MS = 10 * 60_000;
export const COOKIE_TTL_MS = 8 * 3_600_000;

/** The grant when the signature is right, the kind is the expected one and it has not expired. */
export function verifyGrant(value: unknown, key: LinkKey, kind: DashboardGrant['kind'], now = Date.now()): DashboardGrant | null {
  const isGrant = (grant: unknown): grant is DashboardGrant => {
    const g = grant as Partial<DashboardGrant> | null;
    return typeof g === 'object' && g !== null && g.kind === kind && typeof g.sid === 'string' && typeof g.uid === 'string';
  };
  return key.open(value, isGrant, now);
}
