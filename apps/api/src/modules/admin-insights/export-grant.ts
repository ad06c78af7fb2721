import { EXPORT_KINDS, type ExportKind } from '@outils/contracts';
import type { LinkKey } from '@outils/server-signing';

/**
 * What an export link proves (docs/product/rules.md#R683, #R881): which admin, in which session,
 * asked for which file, until when; its nonce makes it serve once. Sealed under the admin
 * export's purpose key (docs/product/rules.md#R880).
 */
export interface ExportGrant {
  uid: string;
  /** The session (auth_session.id) that asked: the link dies with it. */
  sid: string;
  kind: ExportKind;
  from: string;
  to: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  nonce: string;
}

/** An export link is followed at once by the admin's browser: one minute is plenty. */
export const EXPORT_LINK_TTL_MS = 60_000;

function isExportGrant(value: unknown): value is ExportGrant {
  const g = value as Partial<ExportGrant> | null;
  return typeof g === 'object' && g !== null && typeof g.uid === 'string' && typeof g.sid === 'string' && typeof g.nonce === 'string'
    && g.nonce.length <= 64 && typeof g.from === 'string' && typeof g.to === 'string' && (EXPORT_KINDS as readonly unknown[]).includes(g.kind);
}

export function verifyExport(value: unknown, key: LinkKey, now = Date.now()): ExportGrant | null {
  return key.open(value, isExportGrant, now);
}
