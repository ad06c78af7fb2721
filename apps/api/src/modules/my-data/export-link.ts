import { createHmac, timingSafeEqual } from 'node:crypto';
import { UUID_EXACT } from '../../common/validation/patterns';

/**
 * The link of a member's data file (docs/product/rules.md#R782): whose data, which stored file
 * (none for a file built at once), until when — signed with a key derived from the link secret
 * for this purpose only. It travels without a session (a download in a new tab, a mailed link).
 */
export interface ExportGrant {
  userId: string;
  exportId: string | null;
  /** Unix time in seconds. */
  expires: number;
}

export type ExportLinkCheck = { ok: true; grant: ExportGrant } | { ok: false; reason: 'invalid' | 'expired' };

export class ExportLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('my-data-export-v1').digest();
  }

  sign(grant: ExportGrant): URLSearchParams {
    const params = new URLSearchParams({ u: grant.userId, x: String(grant.expires) });
    if (grant.exportId) params.set('e', grant.exportId);
    params.set('s', this.signature(grant));
    return params;
  }

  check(query: Record<string, unknown>, now = Date.now()): ExportLinkCheck {
    const { u, e, x, s } = query;
    if (typeof u !== 'string' || !UUID_EXACT.test(u) || typeof x !== 'string' || !/^\d{1,12}$/.test(x) || typeof s !== 'string' || s.length > 100) {
      return { ok: false, reason: 'invalid' };
    }
    if (e !== undefined && (typeof e !== 'string' || !UUID_EXACT.test(e))) return { ok: false, reason: 'invalid' };
    const grant: ExportGrant = { userId: u.toLowerCase(), exportId: e ? e.toLowerCase() : null, expires: Number(x) };
    const expected = Buffer.from(this.signature(grant));
    const given = Buffer.from(s);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    if (grant.expires * 1000 < now) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  private signature(grant: ExportGrant): string {
    return createHmac('sha256', this.key).update(`${grant.userId}|${grant.exportId ?? ''}|${grant.expires}`).digest('base64url');
  }
}
