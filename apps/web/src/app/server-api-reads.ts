import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { ServerGet } from '../lib/api';

/**
 * How the web server's renders read the API (docs/product/rules.md#R830, #R846): a plain
 * `node:http` GET over connections kept open between renders. A render asks one to five reads;
 * Node's `fetch` wrapped each answer in web streams and a Response the renderer only turns back
 * into text, and asked the API to compress an answer this process then decompressed on the same
 * machine or network. Here nothing is compressed (no Accept-Encoding), and the text is read as it
 * arrives. Only loaded by the renderer (src/entry-server.tsx), never by the browser's bundle.
 */

/** Sockets per API origin at most: the web server's renders at once (32) with each its few reads. */
const SOCKETS_PER_ORIGIN = 64;

const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: SOCKETS_PER_ORIGIN }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: SOCKETS_PER_ORIGIN }),
};

/** The API did not answer within the render's wait (the renderer then sends the page plain). */
export class ServerReadTimeout extends Error {
  constructor(url: string, ms: number) {
    super(`${url} : pas de réponse de l’API en ${ms} ms`);
    // As fetch names its own (AbortSignal.timeout): lib/api.ts answers it as RTK Query's TIMEOUT_ERROR.
    this.name = 'TimeoutError';
  }
}

export const serverGet: ServerGet = (url, headers, timeoutMs) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const https = target.protocol === 'https:';
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const read = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') });
      });
    };
    const req = (https ? httpsRequest : httpRequest)(target, { method: 'GET', headers, agent: https ? agents['https:'] : agents['http:'] }, read);
    // The whole exchange within the wait, as fetch's AbortSignal.timeout counted it.
    const timer = setTimeout(() => req.destroy(new ServerReadTimeout(url, timeoutMs)), timeoutMs);
    req.on('error', fail);
    req.end();
  });

/** Closes the kept-open connections (tests: before their stand-in API goes away). */
export function closeServerReads(): void {
  agents['http:'].destroy();
  agents['https:'].destroy();
}
