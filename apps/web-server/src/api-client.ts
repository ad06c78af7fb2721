import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** How long the web server waits for the API before it serves the page without what it asked. */
export const API_TIMEOUT_MS = 2_000;

/** A text answer of the API. */
export interface ApiText {
  status: number;
  type: string;
  body: string;
}

/**
 * The web server's own reads (heads, statuses, the catalogue's version, the relayed documents) go
 * over connections kept open between them, uncompressed, as its renders' reads do
 * (docs/product/rules.md#R846): a plain GET, without fetch's streams and Response objects.
 */
const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 32 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }) };

/** GET `url` on the API as text, within API_TIMEOUT_MS; rejects when the API does not answer. */
export function fetchApiText(url: string, accept = 'text/html, application/xml, text/plain'): Promise<ApiText> {
  return new Promise((resolve, reject) => {
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
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? 'text/plain'), body: Buffer.concat(chunks).toString('utf8') });
      });
    };
    const req = (https ? httpsRequest : httpRequest)(target, { method: 'GET', headers: { accept }, agent: https ? agents.https : agents.http }, read);
    const timer = setTimeout(() => req.destroy(new Error(`${url} : pas de réponse de l’API en ${API_TIMEOUT_MS} ms`)), API_TIMEOUT_MS);
    req.on('error', fail);
    req.end();
  });
}
