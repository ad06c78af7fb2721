/**
 * Uploads whose files are kept on disk before their caller is known (docs/product/rules.md#R784),
 * counted per API process: 4 at once in all, and 1 at once per client network — an IPv4 address,
 * or an IPv6 /64, whose 2^64 addresses are one subscriber's (`clientNetworkKey`, the key of every
 * per-IP budget) — so that one network cannot take every place. Beyond, body credentials count
 * only before the files (401 without keeping any).
 */
export const KEEPING_AT_ONCE = 4;
export const KEEPING_AT_ONCE_PER_NETWORK = 1;

const byNetwork = new Map<string, number>();
let total = 0;

/** Takes a place for `network` (a `clientNetworkKey`); false when none is free (the caller then keeps nothing). */
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
