import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key of a client for every per-IP budget (docs/product/rules.md#R768): an IPv4 address as
 * is, an IPv6 address by its /64 network. One subscriber, office or server is handed a whole
 * /64 and may use any of its 2^64 addresses: keyed on the full address, each of them would have
 * a budget of its own. IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`) count as their IPv4.
 */
export function clientNetworkKey(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^(?:0{0,4}:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => (parseInt(group || '0', 16) || 0).toString(16));
}
