import { LinkKey, LinkPurposes, LinkSigner } from '@outils/server-signing';
import { UUID_EXACT } from '../../common/validation/patterns';

/**
 * The link of a member's data file (docs/product/rules.md#R968): whose data, which stored file
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
  private readonly key: LinkKey;

  constructor(signer: LinkSigner) {
    this.key = signer.key(LinkPurposes.myDataExport);
  }

  sign(grant: ExportGrant): URLSearchParams {
    const params = new URLSearchParams({ u: grant.userId, x: String(grant.expires) });
    if (grant.exportId) params.set('e', grant.exportId);
    params.set('s', this.key.sign(fields(grant)));
    return params;
  }

  check(query: Record<string, unknown>, now = Date.now()): ExportLinkCheck {
    const { u, e, x, s } = query;
    if (typeof u !== 'string' || !UUID_EXACT.test(u) || typeof x !== 'string' || !/^\d{1,12}$/.test(x) || typeof s !== 'string' || s.length > 100) {
      return { ok: false, reason: 'invalid' };
    }
    if (e !== undefined && (typeof e !== 'string' || !UUID_EXACT.test(e))) return { ok: false, reason: 'invalid' };
    const grant: ExportGrant = { userId: u.toLowerCase(), exportId: e ? e.toLowerCase() : null, expires: Number(x) };
    // Seconds in the link, milliseconds here: the same instant compared (docs/product/rules.md#R968).
    const verdict = this.key.check(fields(grant), s, grant.expires * 1000, now);
    return verdict === 'ok' ? { ok: true, grant } : { ok: false, reason: verdict };
  }
}

function fields(grant: ExportGrant): string[] {
  return [grant.userId, grant.exportId ?? '', String(grant.expires)];
}
