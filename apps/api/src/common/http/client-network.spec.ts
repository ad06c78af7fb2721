import { clientNetworkKey } from './client-network';

describe('clientNetworkKey (docs/product/rules.md#R768)', () => {
  it('keys an IPv6 client on its /64, however the address is written', () => {
    const key = clientNetworkKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2:a::b%eth0', '2001:db8:1:2::192.0.2.1']) {
      expect(clientNetworkKey(same)).toBe(key);
    }
    expect(clientNetworkKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientNetworkKey('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps an IPv4 client as it is, also when written as IPv4-mapped IPv6', () => {
    expect(clientNetworkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('203.0.113.8')).not.toBe('203.0.113.7');
  });

  it('leaves anything else alone', () => {
    expect(clientNetworkKey('unknown')).toBe('unknown');
  });
});
