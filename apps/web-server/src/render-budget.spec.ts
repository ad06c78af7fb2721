import { NETWORKS_KEPT, networkOf, RenderBudget } from './render-budget';

/** docs/product/rules.md#R834: a budget of renders per network. */
describe('render budget', () => {
  it('counts an IPv6 address as its /64, an IPv4 one (written either way) as itself', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf(undefined)).toBe('inconnu');
  });

  it('allows `perMinute` renders at once, then refills as time passes, each network on its own', () => {
    const budget = new RenderBudget(3);
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => budget.take('2001:db8:1:2::/64', t))).toEqual([true, true, true, false]);
    expect(budget.take('203.0.113.9', t)).toBe(true);
    expect(budget.take('2001:db8:1:2::/64', t + 10_000)).toBe(false);
    expect(budget.take('2001:db8:1:2::/64', t + 20_000)).toBe(true);
    expect(budget.take('2001:db8:1:2::/64', t + 20_001)).toBe(false);
  });

  it('remembers at most NETWORKS_KEPT networks, the one seen longest ago forgotten first (docs/product/rules.md#R848)', () => {
    const budget = new RenderBudget(1);
    const t = 1_000_000;
    expect(budget.take('198.51.100.1', t)).toBe(true);
    for (let i = 0; i < NETWORKS_KEPT + 500; i += 1) budget.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, t);
    expect(budget.networks).toBe(NETWORKS_KEPT);
    // The first network was forgotten: its spent budget with it.
    expect(budget.take('198.51.100.1', t)).toBe(true);
  });
});
