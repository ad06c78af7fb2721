import { isIPv4, isIPv6 } from 'node:net';

/**
 * Uploads whose files are kept on disk before their caller is known (docs/product/rules.md#R784),
 * counted per API process: 4 at once in all, and 1 at once per client network — an IPv4 address,
 * or an IPv6 /64, whose 2^64 addresses are one subscriber's — so that one network cannot take
 * every place. Beyond, body credentials count only before the files (401 without keeping any).
 */
export const KEEPING_AT_ONCE = 4;
export const KEEPING_AT_ONCE_PER_NETWORK = 1;

const byNetwork = new Map<string, number>();
let total = 0;

/** An IPv4 address as is (an IPv4-mapped IPv6 address too), an IPv6 address by its /64. */
export function uploadNetwork(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^(?:0{0,4}:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, rest] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (parseInt(g || '0', 16) || 0).toString(16)).join(':')}::/64`;
}

/** Takes a place for `network`; false when none is free (the caller then keeps nothing). */
export function takeKeepingPlace(network: string): boolean {
  if (total >= KEEPING_AT_ONCE || (byNetwork.get(network) ?? 0) >= KEEPING_AT_ONCE_PER_NETWORK) return false;
  total += 1;
  byNetwork.set(network, (byNetwork.get(network) ?? 0) + 1);
  return true;
}

export function giveKeepingPlace(network: string): void {
  total -= 1;
  const left = (byNetwork.get(network) ?? 1) - 1;
  if (left > 0) byNetwork.set(network, left);
  else byNetwork.delete(network);
}
