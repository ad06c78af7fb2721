import { createHmac } from 'node:crypto';
import { LinkPurposes, LinkSigner } from '@outils/server-signing';
import { verifyGrant } from './dashboard-grant';

describe('dashboard grants', () => {
  const SECRET = 'un-secret-de-test-assez-long-pour-la-config';
  const key = new LinkSigner(SECRET).key(LinkPurposes.queuesDashboard);
  const grant = { kind: 'link' as const, sid: 's1', uid: 'u1', exp: Date.now() + 60_000, nonce: 'n' };

  it('round-trips a signed grant of the expected kind', () => {
    expect(verifyGrant(key.seal(grant), key, 'link')).toEqual(grant);
  });

  it('refuses another kind, an expired grant, another key and any tampering', () => {
    const signed = key.seal(grant);
    expect(verifyGrant(signed, key, 'cookie')).toBeNull();
    expect(verifyGrant(key.seal({ ...grant, exp: Date.now() - 1 }), key, 'link')).toBeNull();
    expect(verifyGrant(signed, new LinkSigner('un-autre-secret-tout-aussi-long-que-le-premier').key(LinkPurposes.queuesDashboard), 'link')).toBeNull();
    const [body, mac] = signed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...grant, uid: 'u2' })).toString('base64url');
    expect(verifyGrant(`${forged}.${mac}`, key, 'link')).toBeNull();
    expect(verifyGrant(`${body}.${mac}x`, key, 'link')).toBeNull();
    expect(verifyGrant(`${body}`, key, 'link')).toBeNull();
    expect(verifyGrant(undefined, key, 'link')).toBeNull();
  });

  it('does not accept a signature made with the raw secret', () => {
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    expect(verifyGrant(`${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`, key, 'link')).toBeNull();
  });

  it('still opens a link or cookie sealed before the signing module (same purpose key)', () => {
    const before = createHmac('sha256', SECRET).update('outils:queues-dashboard:v1').digest();
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    expect(verifyGrant(`${body}.${createHmac('sha256', before).update(body).digest('base64url')}`, key, 'link')).toEqual(grant);
  });
});
