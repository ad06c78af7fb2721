import { dashboardKey, signGrant, verifyGrant } from './dashboard-grant';

describe('dashboard grants', () => {
  const key = dashboardKey('un-secret-de-test-assez-long-pour-la-config');
  const grant = { kind: 'link' as const, sid: 's1', uid: 'u1', exp: Date.now() + 60_000, nonce: 'n' };

  it('round-trips a signed grant of the expected kind', () => {
    expect(verifyGrant(signGrant(grant, key), key, 'link')).toEqual(grant);
  });

  it('refuses another kind, an expired grant, another key and any tampering', () => {
    const signed = signGrant(grant, key);
    expect(verifyGrant(signed, key, 'cookie')).toBeNull();
    expect(verifyGrant(signGrant({ ...grant, exp: Date.now() - 1 }, key), key, 'link')).toBeNull();
    expect(verifyGrant(signed, dashboardKey('un-autre-secret-tout-aussi-long-que-le-premier'), 'link')).toBeNull();
    const [body, mac] = signed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...grant, uid: 'u2' })).toString('base64url');
    expect(verifyGrant(`${forged}.${mac}`, key, 'link')).toBeNull();
    expect(verifyGrant(`${body}.${mac}x`, key, 'link')).toBeNull();
    expect(verifyGrant(`${body}`, key, 'link')).toBeNull();
    expect(verifyGrant(undefined, key, 'link')).toBeNull();
  });

  it('does not accept a download-link signature made with the raw secret', () => {
    const other = Buffer.from('un-secret-de-test-assez-long-pour-la-config');
    expect(verifyGrant(signGrant(grant, other), key, 'link')).toBeNull();
  });
});
