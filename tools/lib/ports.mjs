// @ts-check
// TCP ports: is something answering, is a port free, a free port chosen by the system, and
// waiting for a condition. Used by `npm start`, `npm test`, the bench and the drills.
import net from 'node:net';

export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * True when something accepts TCP connections on host:port.
 * @param {string} host @param {number} port @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export function portAnswers(host, port, timeoutMs = 800) {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port });
    const done = (/** @type {boolean} */ answered) => {
      socket.destroy();
      resolvePromise(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * True when the port can be bound on every interface (nothing listens on it, on any address).
 * @param {number} port @returns {Promise<boolean>}
 */
function canListen(port) {
  return new Promise((resolvePromise) => {
    const server = net.createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => resolvePromise(error.code !== 'EADDRINUSE' && error.code !== 'EACCES'));
    server.listen({ port, exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

/** True when nothing listens on `port` (IPv4 or IPv6) and it can be bound. @param {number} port */
export async function portFree(port) {
  if (await portAnswers('127.0.0.1', port)) return false;
  if (await portAnswers('::1', port)) return false;
  return canListen(port);
}

/**
 * A TCP port free on 127.0.0.1 right now, chosen by the system (no fixed port, so two runs on
 * one machine never collide).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Resolves when `probe()` is true; rejects after timeoutMs (message in French: `npm start` shows it).
 * @param {() => boolean | Promise<boolean>} probe
 * @param {{ timeoutMs: number, intervalMs?: number, what: string }} options
 */
export async function waitFor(probe, { timeoutMs, intervalMs = 300, what }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await sleep(intervalMs);
  }
  throw new Error(`${what} : pas de réponse après ${Math.round(timeoutMs / 1000)} s`);
}
