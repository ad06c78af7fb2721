import { createHmac } from 'node:crypto';
import { LinkSigner } from '@outils/server-signing';
import { signDownload, verifyDownload } from './download-link';

const BARE_SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const SIGNER = new LinkSigner(BARE_SECRET);
const asQuery = (params: URLSearchParams) => Object.fromEntries(params.entries());

describe('signed download links', () => {
  const now = 1_800_000_000;

  it('accepts its own link before expiry, with and without a user', () => {
    const withUser = asQuery(signDownload(SIGNER, { toolId: 7, expires: now + 60, userId: '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10' }));
    expect(verifyDownload(SIGNER, withUser, now)).toEqual({
      ok: true, grant: { toolId: 7, expires: now + 60, userId: '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10' },
    });
    const guest = asQuery(signDownload(SIGNER, { toolId: 7, expires: now + 60 }));
    expect(verifyDownload(SIGNER, guest, now)).toMatchObject({ ok: true, grant: { toolId: 7 } });
  });

  it('makes two links of the same second two different links (a nonce), and still accepts links without one', () => {
    const a = signDownload(SIGNER, { toolId: 7, expires: now + 60, nonce: 'AAAAAAAAAAAAAAAA' });
    const b = signDownload(SIGNER, { toolId: 7, expires: now + 60, nonce: 'BBBBBBBBBBBBBBBB' });
    expect(a.get('signature')).not.toBe(b.get('signature'));
    expect(verifyDownload(SIGNER, asQuery(a), now)).toMatchObject({ ok: true, grant: { nonce: 'AAAAAAAAAAAAAAAA' } });
    expect(verifyDownload(SIGNER, { ...asQuery(a), n: 'BBBBBBBBBBBBBBBB' }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownload(SIGNER, { ...asQuery(a), n: 'court' }, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('carries the version it was issued for, which cannot be changed (docs/product/rules.md#R904)', () => {
    const link = asQuery(signDownload(SIGNER, { toolId: 7, expires: now + 60, nonce: 'AAAAAAAAAAAAAAAA', version: 2 }));
    expect(link.v).toBe('2');
    expect(verifyDownload(SIGNER, link, now)).toMatchObject({ ok: true, grant: { toolId: 7, version: 2 } });
    expect(verifyDownload(SIGNER, { ...link, v: '3' }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownload(SIGNER, { ...link, v: '0' }, now)).toEqual({ ok: false, reason: 'invalid' });
    const { v: _dropped, ...withoutVersion } = link;
    expect(verifyDownload(SIGNER, withoutVersion, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('says when it serves the accessible alternative, which cannot be added to nor removed from a link (docs/product/rules.md#R946)', () => {
    const file = asQuery(signDownload(SIGNER, { toolId: 7, expires: now + 60, nonce: 'AAAAAAAAAAAAAAAA', version: 2 }));
    const alternative = asQuery(signDownload(SIGNER, { toolId: 7, expires: now + 60, nonce: 'AAAAAAAAAAAAAAAA', version: 2, alternative: true }));
    expect(alternative.alt).toBe('1');
    expect(alternative.signature).not.toBe(file.signature);
    expect(verifyDownload(SIGNER, alternative, now)).toMatchObject({ ok: true, grant: { toolId: 7, version: 2, alternative: true } });
    expect(verifyDownload(SIGNER, file, now)).toEqual({ ok: true, grant: expect.not.objectContaining({ alternative: true }) });
    expect(verifyDownload(SIGNER, { ...file, alt: '1' }, now)).toEqual({ ok: false, reason: 'invalid' });
    const { alt: _dropped, ...withoutAlternative } = alternative;
    expect(verifyDownload(SIGNER, withoutAlternative, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownload(SIGNER, { ...alternative, alt: 'true' }, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link once expired', () => {
    const query = asQuery(signDownload(SIGNER, { toolId: 7, expires: now - 1 }));
    expect(verifyDownload(SIGNER, query, now)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['another tool', { toolId: '8' }],
    ['a later expiry', { expires: String(now + 99999) }],
    ['another user', { u: '00000000-0000-4000-8000-000000000000' }],
    ['a changed signature', { signature: 'A'.repeat(43) }],
    ['a truncated signature', { signature: 'abc' }],
    ['a signature array', { signature: ['x', 'y'] }],
    ['a malformed tool id', { toolId: '7 OR 1=1' }],
  ])('refuses a link with %s', (_label, change) => {
    const query = { ...asQuery(signDownload(SIGNER, { toolId: 7, expires: now + 60 })), ...change };
    expect(verifyDownload(SIGNER, query, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link signed with another secret', () => {
    const query = asQuery(signDownload(new LinkSigner('another-secret-another-secret-another'), { toolId: 7, expires: now + 60 }));
    expect(verifyDownload(SIGNER, query, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('answers a link signed before purpose keys (with the bare secret) as an expired one', () => {
    const before = createHmac('sha256', BARE_SECRET).update(`v2|7|${now + 60}||AAAAAAAAAAAAAAAA`).digest('base64url');
    const query = { toolId: '7', expires: String(now + 60), n: 'AAAAAAAAAAAAAAAA', signature: before };
    expect(verifyDownload(SIGNER, query, now)).toEqual({ ok: false, reason: 'expired' });
  });
});
