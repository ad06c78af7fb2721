import { createHash } from 'node:crypto';
import { LinkPurposes, LinkSigner, linkNonce } from '@outils/server-signing';

/**
 * What a folder's ZIP link proves (docs/product/rules.md#R520): which folder, until when, for
 * which member if any, and whether it was handed out through the folder's public link. A shared
 * link's signature covers the folder's current share token, so revoking the share (or sharing
 * again, which makes a new token) breaks the links handed out before.
 */
export interface ZipGrant {
  folderId: string;
  /** Unix time in seconds. */
  expires: number;
  userId?: string;
  shared: boolean;
  nonce: string;
}

export type ZipLinkCheck = 'ok' | 'invalid' | 'expired';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NONCE = /^[A-Za-z0-9_-]{16}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function fields(grant: ZipGrant, shareToken: string | null): string[] {
  return ['zip-v1', grant.folderId, String(grant.expires), grant.userId ?? '', grant.shared ? '1' : '0', grant.nonce, grant.shared ? shareToken ?? '' : ''];
}

export const newZipNonce = (): string => linkNonce();

/** The query string of a ZIP link (`folderId`, `expires`, `u`, `s`, `n`, `signature`). */
export function signZip(signer: LinkSigner, grant: ZipGrant, shareToken: string | null): URLSearchParams {
  const params = new URLSearchParams({ folderId: grant.folderId, expires: String(grant.expires) });
  if (grant.userId) params.set('u', grant.userId);
  if (grant.shared) params.set('s', '1');
  params.set('n', grant.nonce);
  params.set('signature', signer.key(LinkPurposes.folderZip).sign(fields(grant, shareToken)));
  return params;
}

/** The grant a query claims, when it is well formed (nothing is proved yet). */
export function parseZipQuery(query: Record<string, unknown>): { grant: ZipGrant; signature: string } | null {
  const { folderId, expires, u, s, n, signature: given } = query;
  if (typeof folderId !== 'string' || !UUID.test(folderId)) return null;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return null;
  if (u !== undefined && (typeof u !== 'string' || !UUID.test(u))) return null;
  if (s !== undefined && s !== '1') return null;
  if (typeof n !== 'string' || !NONCE.test(n)) return null;
  if (typeof given !== 'string' || !SIGNATURE.test(given)) return null;
  return {
    grant: { folderId: folderId.toLowerCase(), expires: Number(expires), userId: u as string | undefined, shared: s === '1', nonce: n },
    signature: given,
  };
}

/**
 * Checks the signature first (timing-safe), then the expiry; a link signed before purpose keys
 * (with the bare secret) answers as an expired one (docs/security.md#signed-links).
 */
export function verifyZip(signer: LinkSigner, grant: ZipGrant, given: string, shareToken: string | null, nowSeconds: number): ZipLinkCheck {
  if (grant.shared && !shareToken) return 'invalid';
  return signer.key(LinkPurposes.folderZip).check(fields(grant, shareToken), given, grant.expires, nowSeconds, signer.retiredBareKey());
}

/** Identifies a ZIP link for "one download per link" without keeping a working link. */
export function zipLinkId(givenSignature: string): string {
  return createHash('sha256').update(`zip|${givenSignature}`).digest('hex');
}
