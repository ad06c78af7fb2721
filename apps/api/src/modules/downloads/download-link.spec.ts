import { signDownload, verifyDownload } from './download-link';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const asQuery = (params: URLSearchParams) => Object.fromEntries(params.entries());

describe('signed download links', () => {
  const now = 1_800_000_000;

  it('accepts its own link before expiry, with and without a user', () => {
    const withUser = asQuery(signDownload(SECRET, { toolId: 7, expires: now + 60, userId: '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10' }));
    expect(verifyDownload(SECRET, withUser, now)).toEqual({
      ok: true, grant: { toolId: 7, expires: now + 60, userId: '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10' },
    });
    const guest = asQuery(signDownload(SECRET, { toolId: 7, expires: now + 60 }));
    expect(verifyDownload(SECRET, guest, now)).toMatchObject({ ok: true, grant: { toolId: 7 } });
  });

  it('makes two links of the same second two different links (a nonce), and still accepts links without one', () => {
    const a = signDownload(SECRET, { toolId: 7, expires: now + 60, nonce: 'AAAAAAAAAAAAAAAA' });
    const b = signDownload(SECRET, { toolId: 7, expires: now + 60, nonce: 'BBBBBBBBBBBBBBBB' });
    expect(a.get('signature')).not.toBe(b.get('signature'));
    expect(verifyDownload(SECRET, asQuery(a), now)).toMatchObject({ ok: true, grant: { nonce: 'AAAAAAAAAAAAAAAA' } });
    expect(verifyDownload(SECRET, { ...asQuery(a), n: 'BBBBBBBBBBBBBBBB' }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownload(SECRET, { ...asQuery(a), n: 'court' }, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link once expired', () => {
    const query = asQuery(signDownload(SECRET, { toolId: 7, expires: now - 1 }));
    expect(verifyDownload(SECRET, query, now)).toEqual({ ok: false, reason: 'expired' });
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
    const query = { ...asQuery(signDownload(SECRET, { toolId: 7, expires: now + 60 })), ...change };
    expect(verifyDownload(SECRET, query, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link signed with another secret', () => {
    const query = asQuery(signDownload('another-secret-another-secret-another', { toolId: 7, expires: now + 60 }));
    expect(verifyDownload(SECRET, query, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
