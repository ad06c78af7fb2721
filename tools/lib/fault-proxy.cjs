// @ts-check
// A TCP proxy that can stop answering: between a client and a server (PostgreSQL, the object
// store), it forwards bytes until told to `freeze` (every connection, old and new, stays open and
// silent: a server that hangs) or `refuse` (connections are cut at once: a server that is gone),
// then `restore`. The S3 driver's tests and the rehearsal's readiness drill use it to take a
// dependency away from ONE process while the others keep theirs.
// CommonJS so that both the jest tests (TypeScript) and the tools' .mjs scripts can load it.
const net = require('node:net');

/**
 * @param {{ targetHost?: string, targetPort: number, port?: number, host?: string }} options
 * @returns {Promise<{ port: number, mode: () => string, freeze: () => void, refuse: () => void, restore: () => void, close: () => Promise<void> }>}
 */
async function startFaultProxy({ targetHost = '127.0.0.1', targetPort, port = 0, host = '127.0.0.1' }) {
  /** @type {'pass' | 'freeze' | 'refuse'} */
  let mode = 'pass';
  /** @type {Set<{ client: net.Socket, upstream: net.Socket | null }>} */
  const pairs = new Set();
  const cut = (/** @type {{ client: net.Socket, upstream: net.Socket | null }} */ pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    const pair = { client, upstream: /** @type {net.Socket | null} */ (null) };
    pairs.add(pair);
    client.once('close', () => cut(pair));
    if (mode === 'refuse') return cut(pair);
    if (mode === 'freeze') return client.pause();
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => cut(pair));
    upstream.once('close', () => cut(pair));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve(undefined)));
  const address = /** @type {net.AddressInfo} */ (server.address());
  return {
    port: address.port,
    mode: () => mode,
    freeze() {
      mode = 'freeze';
      // Bytes already in flight are held: neither side hears from the other again.
      for (const { client, upstream } of pairs) {
        client.unpipe();
        upstream?.unpipe();
        client.pause();
        upstream?.pause();
      }
    },
    refuse() {
      mode = 'refuse';
      for (const pair of [...pairs]) cut(pair);
    },
    restore() {
      // Frozen connections are stale (their peers gave up): cut, so that clients open new ones.
      if (mode === 'freeze') for (const pair of [...pairs]) cut(pair);
      mode = 'pass';
    },
    async close() {
      for (const pair of [...pairs]) cut(pair);
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

module.exports = { startFaultProxy };
