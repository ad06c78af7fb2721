import { CachedSession, SessionCache } from './session-cache';

const session = (id: string, userId = `u-${id}`): CachedSession => ({ sessionId: id, userId, email: `${id}@example.com`, isAdmin: false });
const FAR = new Date(Date.UTC(2030, 0, 1));

describe('SessionCache (docs/product/rules.md#R839)', () => {
  let now = 1_000_000;
  const clock = () => now;
  const trusted = (max = 100) => {
    const cache = new SessionCache(30_000, max, clock);
    cache.trust(true);
    return cache;
  };

  it('believes a session 30 seconds at most, and never past its own expiry', () => {
    const cache = trusted();
    cache.set('a', session('a'), FAR, cache.mark());
    cache.set('b', session('b'), new Date(now + 5_000), cache.mark());
    now += 5_000;
    expect(cache.get('a')).toEqual(session('a'));
    expect(cache.get('b')).toBeUndefined();
    now += 25_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while changes may be missed, and forgets everything when they may have been', () => {
    const cache = new SessionCache(30_000, 100, clock);
    cache.set('a', session('a'), FAR, cache.mark());
    expect(cache.get('a')).toBeUndefined();
    cache.trust(true);
    cache.set('a', session('a'), FAR, cache.mark());
    cache.trust(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets by session, by member, or everything, as the notification says', () => {
    const cache = trusted();
    for (const [hash, s] of [['a', session('a', 'u1')], ['b', session('b', 'u1')], ['c', session('c', 'u2')], ['d', session('d', 'u3')]] as const) {
      cache.set(hash, s, FAR, cache.mark());
    }
    cache.changed('s:a,zz');
    expect([cache.get('a'), cache.get('b')?.sessionId]).toEqual([undefined, 'b']);
    cache.changed('u:u1');
    expect([cache.get('b'), cache.get('c')?.sessionId]).toEqual([undefined, 'c']);
    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep what was read before a change arrived (the read may predate it)', () => {
    const cache = trusted();
    const mark = cache.mark();
    cache.changed('s:other');
    cache.set('a', session('a'), FAR, mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('is bounded: the oldest session goes first', () => {
    const cache = trusted(2);
    for (const id of ['a', 'b', 'c']) cache.set(id, session(id), FAR, cache.mark());
    expect([cache.get('a'), cache.get('b')?.sessionId, cache.get('c')?.sessionId]).toEqual([undefined, 'b', 'c']);
  });
});
