import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Every kind of signed link of the product and the label its key is derived from
 * (docs/product/rules.md#R880). The label names the link format's version: a new format is a new
 * label, hence a new key, so that no signature made for one purpose or one version is ever valid
 * for another. Keeping a label keeps every link of that kind in flight working
 * (docs/security.md#signed-links says, per kind, what a change of label did).
 */
export const LinkPurposes = {
  /** `/tools/file`: one tool's file (5 minutes). */
  download: 'outils:download-link:v3',
  /** `/folders/zip`: a folder's ZIP (5 minutes). */
  folderZip: 'outils:folder-zip:v2',
  /** A member's data file (24 hours). */
  myDataExport: 'my-data-export-v1',
  /** Newsletter confirmation and unsubscribe links (the latter never expire). */
  newsletter: 'newsletter-links-v1',
  /** The admin's CSV exports (one minute, single use, bound to the session). */
  adminExport: 'outils:admin-export:v2',
  /** The one-click unsubscribe of the update alerts (never expire, docs/product/rules.md#R915). */
  updateAlerts: 'outils:update-alerts:v1',
  /** The queues dashboard's link (10 minutes, single use) and cookie (8 hours). */
  queuesDashboard: 'outils:queues-dashboard:v1',
  /** A partner's attribution on the links of its embed (no expiry: it names, it grants nothing). */
  partnerAttribution: 'outils:partner-attribution:v1',
  /** The one-click unsubscribe of a partner's monthly report (never expires, docs/product/rules.md#R1002). */
  partnerReports: 'outils:partner-reports:v1',
  /** A plan mail's one-click answer to a step (no expiry; good while the plan runs, docs/product/rules.md#R980). */
  planAnswer: 'outils:plan-answer:v1',
  /** A plan mail's way out (never expires, docs/product/rules.md#R979). */
  planUnsubscribe: 'outils:plan-unsubscribe:v1',
} as const;
export type LinkPurpose = (typeof LinkPurposes)[keyof typeof LinkPurposes];

/** The parts of a link that its signature covers, in a fixed order per purpose. */
export type SignedField = string | number;

/** What checking a link says; `expired` only ever follows a genuine signature. */
export type LinkVerdict = 'ok' | 'invalid' | 'expired';

const SEPARATOR = '|';
const MIN_SECRET_LENGTH = 32;
/** A sealed token is refused unread beyond this size. */
const MAX_SEALED_LENGTH = 1000;

/**
 * The one home of link signatures: one secret (`DOWNLOAD_URL_SECRET`), one key per purpose,
 * HMAC-SHA256 (`key = HMAC(secret, label)`), compared in constant time, signature checked before
 * the expiry so that changing `expires` teaches nothing.
 */
export class LinkSigner {
  private readonly keys = new Map<LinkPurpose, LinkKey>();

  constructor(private readonly secret: string) {
    if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The link secret must have at least ${MIN_SECRET_LENGTH} characters`);
  }

  key(purpose: LinkPurpose): LinkKey {
    let key = this.keys.get(purpose);
    if (!key) {
      key = new LinkKey(createHmac('sha256', this.secret).update(purpose).digest());
      this.keys.set(purpose, key);
    }
    return key;
  }

  /**
   * The bare secret as a key, only to recognise links signed before purpose keys existed
   * (downloads and folder ZIPs, which lived 5 minutes): `LinkKey.check` answers them `expired`.
   */
  retiredBareKey(): LinkKey {
    return new LinkKey(Buffer.from(this.secret, 'utf8'));
  }
}

/** A random, URL-safe nonce: two links made in the same second are two links. */
export function linkNonce(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

/** One purpose's key: detached signatures (the link carries its fields) and sealed tokens. */
export class LinkKey {
  constructor(private readonly key: Buffer) {}

  /**
   * The base64url signature of `fields`. A field never contains the separator, so that two
   * different field lists never share a payload.
   */
  sign(fields: readonly SignedField[]): string {
    return this.mac(payloadOf(fields));
  }

  /** Whether `given` is the signature of `fields` (constant time, any input). */
  matches(fields: readonly SignedField[], given: unknown): boolean {
    return typeof given === 'string' && safeEqual(this.sign(fields), given);
  }

  /**
   * Checks a link whose fields travel in clear: the signature first, then the expiry (`expires`
   * and `now` in the same unit; the link is good up to its expiry included). A link signed by
   * `retired` (an earlier key of the same purpose) answers as an expired one.
   */
  check(fields: readonly SignedField[], given: unknown, expires: number, now: number, retired?: LinkKey): LinkVerdict {
    if (!this.matches(fields, given)) return retired?.matches(fields, given) ? 'expired' : 'invalid';
    return expires < now ? 'expired' : 'ok';
  }

  /** A self-contained token: `base64url(JSON).signature`. */
  seal(payload: object): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /**
   * The payload of a sealed token when its signature is right, `isPayload` accepts it and its
   * `exp` (milliseconds since the epoch) is not past; `null` otherwise, whatever went wrong.
   */
  open<T extends { exp: number }>(token: unknown, isPayload: (value: unknown) => value is T, now = Date.now()): T | null {
    if (typeof token !== 'string' || token.length > MAX_SEALED_LENGTH) return null;
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0 || !safeEqual(this.mac(body), signature)) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isPayload(payload) || typeof payload.exp !== 'number') return null;
    return payload.exp >= now ? payload : null;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function payloadOf(fields: readonly SignedField[]): string {
  return fields
    .map((field) => {
      const text = String(field);
      if (text.includes(SEPARATOR)) throw new Error('A signed field cannot contain the separator');
      return text;
    })
    .join(SEPARATOR);
}

function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
