import { createHash } from 'node:crypto';
import { LinkPurposes, LinkSigner, linkNonce } from '@outils/server-signing';
import { ID_DIGITS, UUID_EXACT } from '../../common/validation/patterns';

/** What a download link proves: which tool, until when, and for which signed-in user if any. */
export interface DownloadGrant {
  toolId: number;
  /** Unix time in seconds. */
  expires: number;
  userId?: string;
  /**
   * Random, so that two links handed out in the same second are two links (each counts one
   * download, docs/product/rules.md#R103). Links made before it existed have none (signature v1).
   */
  nonce?: string;
  /**
   * The tool's version the link was issued for: it serves that version until it expires, even
   * after an update (docs/product/rules.md#R904). Links made before versions existed have none
   * (signature v2) and serve the current version.
   */
  version?: number;
  /**
   * The link serves the tool's declared accessible alternative, not its file
   * (docs/product/rules.md#R946); signed too (signature v4), so it cannot be added to a link.
   */
  alternative?: true;
}

export type LinkCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'invalid' | 'expired' };

const NONCE = /^[A-Za-z0-9_-]{16}$/;

/** Versioned, unambiguous fields: every part is digits, a uuid, a base64url nonce or empty. */
function fields(grant: DownloadGrant): string[] {
  if (grant.nonce === undefined) return ['v1', String(grant.toolId), String(grant.expires), grant.userId ?? ''];
  if (grant.version === undefined) return ['v2', String(grant.toolId), String(grant.expires), grant.userId ?? '', grant.nonce];
  if (grant.alternative) return ['v4', String(grant.toolId), String(grant.expires), grant.userId ?? '', grant.nonce, String(grant.version), 'alternative'];
  return ['v3', String(grant.toolId), String(grant.expires), grant.userId ?? '', grant.nonce, String(grant.version)];
}

/** A fresh nonce for a new link. */
export const newNonce = (): string => linkNonce();

/** The query string of a signed link (`toolId`, `expires`, `u`, `n`, `v`, `alt`, `signature`). */
export function signDownload(signer: LinkSigner, grant: DownloadGrant): URLSearchParams {
  const params = new URLSearchParams({ toolId: String(grant.toolId), expires: String(grant.expires) });
  if (grant.userId) params.set('u', grant.userId);
  if (grant.nonce !== undefined) params.set('n', grant.nonce);
  if (grant.version !== undefined) params.set('v', String(grant.version));
  if (grant.alternative && grant.version !== undefined) params.set('alt', '1');
  params.set('signature', signer.key(LinkPurposes.download).sign(fields(grant)));
  return params;
}

/**
 * Checks a link: the signature first (timing-safe), then the expiry, so an attacker cannot
 * learn anything from changing `expires`. A link signed before purpose keys (with the bare
 * secret) answers as an expired one (docs/security.md#signed-links). Not a DTO on purpose: a
 * malformed part is a broken link like a forged one (403, or the tool's sheet in a browser, docs/product/rules.md#R204), never a 400.
 */
export function verifyDownload(signer: LinkSigner, query: Record<string, unknown>, nowSeconds: number): LinkCheck {
  const { toolId, expires, u, n, v, alt, signature: given } = query;
  if (typeof toolId !== 'string' || !ID_DIGITS.test(toolId)) return { ok: false, reason: 'invalid' };
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  if (u !== undefined && (typeof u !== 'string' || !UUID_EXACT.test(u))) return { ok: false, reason: 'invalid' };
  if (n !== undefined && (typeof n !== 'string' || !NONCE.test(n))) return { ok: false, reason: 'invalid' };
  if (v !== undefined && (typeof v !== 'string' || !/^[1-9]\d{0,8}$/.test(v) || n === undefined)) return { ok: false, reason: 'invalid' };
  if (alt !== undefined && (alt !== '1' || v === undefined)) return { ok: false, reason: 'invalid' };
  if (typeof given !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(given)) return { ok: false, reason: 'invalid' };
  const grant: DownloadGrant = {
    toolId: Number(toolId), expires: Number(expires), userId: u as string | undefined, nonce: n as string | undefined,
    version: v === undefined ? undefined : Number(v),
    ...(alt === '1' ? { alternative: true as const } : {}),
  };
  const verdict = signer.key(LinkPurposes.download).check(fields(grant), given, grant.expires, nowSeconds, signer.retiredBareKey());
  if (verdict !== 'ok') return { ok: false, reason: verdict };
  return { ok: true, grant };
}

/**
 * Identifies a verified link for "one download per link" (docs/product/rules.md#R103): a hash of its
 * signature, so that the database never holds a working link.
 */
export function linkId(query: Record<string, unknown>): string {
  return createHash('sha256').update(String(query.signature)).digest('hex');
}
