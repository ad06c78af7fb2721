import { isIP } from 'node:net';

/** Names Express (proxy-addr) knows for address ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a number of proxy hops (`1` behind one load balancer), or a comma-separated
 * list of addresses, subnets (CIDR) and the names `loopback`, `linklocal`, `uniquelocal`.
 * `true` (trust every sender of X-Forwarded-For) is refused: anyone could pick their IP.
 * Read the same way by the API and the web server.
 */
export function parseTrustProxy(raw: string | undefined): { value: number | string } | { error: string } {
  const text = (raw ?? '').trim();
  if (text === '') return { value: 'loopback' };
  if (/^\d{1,2}$/.test(text)) return { value: Number(text) };
  const items = text.split(',').map((item) => item.trim()).filter(Boolean);
  const bad = items.filter((item) => {
    if (PROXY_NAMES.has(item)) return false;
    const [address, bits, ...rest] = item.split('/');
    if (rest.length || !isIP(address)) return true;
    if (bits === undefined) return false;
    return !/^\d{1,3}$/.test(bits) || Number(bits) > (isIP(address) === 4 ? 32 : 128);
  });
  if (items.length === 0 || bad.length) {
    return { error: `TRUST_PROXY: a hop count or addresses/subnets separated by commas (loopback, linklocal, uniquelocal allowed); not ${bad.join(', ') || text}` };
  }
  return { value: items.join(', ') };
}

/**
 * Where a server listens when its *_HOST variable is unset (docs/product/rules.md#R801): every
 * interface in production, the loopback interface elsewhere, so that a demonstration stack with
 * its demo admin and its known secrets is not reachable from the network.
 */
export function defaultListenHost(env: 'development' | 'production' | 'test'): string {
  return env === 'production' ? '0.0.0.0' : '127.0.0.1';
}
