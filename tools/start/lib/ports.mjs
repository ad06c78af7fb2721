import net from 'node:net';

/** True when something accepts TCP connections on host:port. */
export function portAnswers(host, port, timeoutMs = 800) {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port });
    const done = (answered) => {
      socket.destroy();
      resolvePromise(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when the port can be bound on every interface (nothing listens on it, on any address). */
function canListen(port) {
  return new Promise((resolvePromise) => {
    const server = net.createServer();
    server.once('error', (error) => resolvePromise(error.code !== 'EADDRINUSE' && error.code !== 'EACCES'));
    server.listen({ port, exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

export async function portFree(port) {
  if (await portAnswers('127.0.0.1', port)) return false;
  if (await portAnswers('::1', port)) return false;
  return canListen(port);
}

/** Resolves when `probe()` is true; rejects after timeoutMs. */
export async function waitFor(probe, { timeoutMs, intervalMs = 300, what }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what} : pas de réponse après ${Math.round(timeoutMs / 1000)} s`);
}
