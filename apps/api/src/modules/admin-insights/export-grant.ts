import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPORT_KINDS, type ExportKind } from '@outils/contracts';

/** What an export link proves: which admin asked for which file, until when (docs/product/rules.md#R683). */
export interface ExportGrant {
  uid: string;
  kind: ExportKind;
  from: string;
  to: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
}

/** An export link is followed at once by the admin's browser: one minute is plenty. */
export const EXPORT_LINK_TTL_MS = 60_000;

/** A key of its own, derived from the download-URL secret, so that no other signature is valid here. */
export function exportKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('outils:admin-export:v1').digest();
}

export function signExport(grant: ExportGrant, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

export function verifyExport(value: unknown, key: Buffer, now = Date.now()): ExportGrant | null {
  if (typeof value !== 'string' || value.length > 1000) return null;
  const [body, signature, ...rest] = value.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let grant: ExportGrant;
  try {
    grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExportGrant;
  } catch {
    return null;
  }
  if (typeof grant?.uid !== 'string' || !(EXPORT_KINDS as readonly unknown[]).includes(grant.kind) || typeof grant.exp !== 'number') return null;
  return grant.exp > now ? grant : null;
}
