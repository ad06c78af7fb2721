import { PastFiguresCache } from './past-figures-cache';

describe('past figures kept in memory (docs/product/rules.md#R685)', () => {
  it('reads once per key and generation, again once the generation moved', async () => {
    const cache = new PastFiguresCache<string>(8);
    let reads = 0;
    const load = (value: string) => async () => `${value}-${++reads}`;
    expect(await Promise.all([cache.get('1', 'a', load('a')), cache.get('1', 'a', load('a'))])).toEqual(['a-1', 'a-1']);
    expect(await cache.get('1', 'b', load('b'))).toBe('b-2');
    expect(await cache.get('2', 'a', load('a'))).toBe('a-3');
    expect(await cache.get('2', 'b', load('b'))).toBe('b-4');
  });

  it('keeps no failed read, and no more entries than its bound', async () => {
    const cache = new PastFiguresCache<string>(2);
    await expect(cache.get('1', 'a', () => Promise.reject(new Error('panne')))).rejects.toThrow('panne');
    expect(await cache.get('1', 'a', async () => 'a')).toBe('a');
    await cache.get('1', 'b', async () => 'b');
    await cache.get('1', 'c', async () => 'c');
    expect(await cache.get('1', 'a', async () => 'a again')).toBe('a again');
    expect(await cache.get('1', 'c', async () => 'c again')).toBe('c');
  });
});
