import { isIPv4, isIPv6 } from 'node:net';

/** Networks whose budget is remembered at once; the least recently seen is forgotten first. */
export const NETWORKS_KEPT = 10_000;

/**
 * The network a visitor's address belongs to, for budgets (docs/product/rules.md#R834): an IPv4
 * address is its own; an IPv6 address counts as its /64 (one home or office gets a /64 and can
 * draw any address in it); an IPv4 address written as IPv6 (`::ffff:1.2.3.4`) is the IPv4 one.
 */
export function networkOf(address: string | undefined): string {
  if (!address) return 'inconnu';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * How many new pages one network may have rendered (docs/product/rules.md#R834): a bucket of
 * `perMinute` renders, refilled continuously. A page already kept costs nothing; past the budget,
 * the visitor gets the plain page, which the browser renders itself.
 */
export class RenderBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perMinute: number) {}

  take(network: string, now = Date.now()): boolean {
    const known = this.buckets.get(network);
    const bucket = known ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000);
    bucket.at = now;
    this.buckets.delete(network);
    this.buckets.set(network, bucket);
    if (!known && this.buckets.size > NETWORKS_KEPT) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Networks whose budget is remembered (never more than NETWORKS_KEPT, docs/product/rules.md#R848). */
  get networks(): number {
    return this.buckets.size;
  }
}
