import { createHmac } from 'node:crypto';
import { LinkPurposes, LinkSigner, linkNonce } from './link-signer';

const SECRET = 'un-secret-de-test-assez-long-pour-signer-des-liens';
const signer = new LinkSigner(SECRET);

describe('LinkSigner (docs/product/rules.md#R880)', () => {
  it('refuses a secret too short to sign anything', () => {
    expect(() => new LinkSigner('court')).toThrow(/32/);
  });

  it('gives each purpose its own key: a signature made for one purpose is worthless for another', () => {
    const fields = ['7', 1_900_000_000, ''];
    const download = signer.key(LinkPurposes.download).sign(fields);
    expect(signer.key(LinkPurposes.download).matches(fields, download)).toBe(true);
    for (const purpose of Object.values(LinkPurposes).filter((p) => p !== LinkPurposes.download)) {
      expect(signer.key(purpose).matches(fields, download)).toBe(false);
    }
    expect(new Set(Object.values(LinkPurposes)).size).toBe(Object.values(LinkPurposes).length);
  });

  it('derives the key as HMAC(secret, label), so that labels kept from before keep their links', () => {
    const label = LinkPurposes.newsletter;
    const before = createHmac('sha256', createHmac('sha256', SECRET).update(label).digest()).update('unsubscribe|abc').digest('base64url');
    expect(signer.key(label).sign(['unsubscribe', 'abc'])).toBe(before);
  });

  it('signs with another secret differently', () => {
    const other = new LinkSigner('un-autre-secret-tout-aussi-long-que-le-premier');
    const fields = ['a', 'b'];
    expect(other.key(LinkPurposes.download).matches(fields, signer.key(LinkPurposes.download).sign(fields))).toBe(false);
  });

  it('refuses a field that holds the separator, so that two field lists never share a payload', () => {
    expect(() => signer.key(LinkPurposes.download).sign(['a|b'])).toThrow();
  });

  it('makes distinct URL-safe nonces', () => {
    const a = linkNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(linkNonce()).not.toBe(a);
  });
});

describe('LinkKey.check: signature first, then expiry', () => {
  const key = signer.key(LinkPurposes.download);
  const fields = ['7', 1000, 'nonce'];
  const signature = key.sign(fields);

  it('accepts a genuine link up to its expiry included', () => {
    expect(key.check(fields, signature, 1000, 999)).toBe('ok');
    expect(key.check(fields, signature, 1000, 1000)).toBe('ok');
    expect(key.check(fields, signature, 1000, 1001)).toBe('expired');
  });

  it('calls a changed field or a forged signature invalid, even when expired', () => {
    expect(key.check(['8', 1000, 'nonce'], signature, 1000, 5000)).toBe('invalid');
    expect(key.check(fields, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, 1000, 0)).toBe('invalid');
    expect(key.check(fields, 'x'.repeat(43), 1000, 0)).toBe('invalid');
    expect(key.check(fields, undefined, 1000, 0)).toBe('invalid');
    expect(key.check(fields, 42, 1000, 0)).toBe('invalid');
  });

  it('answers a link signed by the retired key as an expired one, never as a valid one', () => {
    const retired = signer.retiredBareKey();
    const old = createHmac('sha256', SECRET).update('7|1000|nonce').digest('base64url');
    expect(retired.sign(fields)).toBe(old);
    expect(key.check(fields, old, 9999, 0, retired)).toBe('expired');
    expect(key.check(fields, old, 9999, 0)).toBe('invalid');
  });
});

describe('LinkKey.seal / open', () => {
  const key = signer.key(LinkPurposes.queuesDashboard);
  const isGrant = (value: unknown): value is { sid: string; exp: number } =>
    typeof value === 'object' && value !== null && typeof (value as { sid?: unknown }).sid === 'string';

  it('opens what it sealed until its expiry', () => {
    const grant = { sid: 's', exp: 2000 };
    expect(key.open(key.seal(grant), isGrant, 1999)).toEqual(grant);
    expect(key.open(key.seal(grant), isGrant, 2001)).toBeNull();
  });

  it('refuses a forged, altered, malformed, foreign or oversized token', () => {
    const token = key.seal({ sid: 's', exp: 2000 });
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sid: 'other', exp: 2000 })).toString('base64url');
    expect(key.open(`${forged}.${mac}`, isGrant, 0)).toBeNull();
    expect(key.open(`${body}.${mac}x`, isGrant, 0)).toBeNull();
    expect(key.open(body, isGrant, 0)).toBeNull();
    expect(key.open(`${token}.x`, isGrant, 0)).toBeNull();
    expect(key.open(undefined, isGrant, 0)).toBeNull();
    expect(key.open(signer.key(LinkPurposes.adminExport).seal({ sid: 's', exp: 2000 }), isGrant, 0)).toBeNull();
    expect(key.open(key.seal({ other: 1, exp: 2000 }), isGrant, 0)).toBeNull();
    expect(key.open(key.seal({ sid: 's', pad: 'x'.repeat(1000), exp: 2000 }), isGrant, 0)).toBeNull();
    const notJson = `${Buffer.from('{pas du json').toString('base64url')}`;
    expect(key.open(`${notJson}.${createHmac('sha256', createHmac('sha256', SECRET).update(LinkPurposes.queuesDashboard).digest()).update(notJson).digest('base64url')}`, isGrant, 0)).toBeNull();
  });
});
