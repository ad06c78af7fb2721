import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A text answer as read: its status, its type (empty when none was sent) and its body. */
export interface TextAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * The server did not answer within the wait. Named as fetch names its own (`AbortSignal.timeout`),
 * so that a caller written for fetch tells it from a refused connection the same way.
 */
export class GetTimeoutError extends Error {
  constructor(url: string, ms: number) {
    super(`${url} : pas de réponse en ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export interface KeptOpenGets {
  /**
   * GET `url` with exactly `headers` (no Accept-Encoding unless given: the answer comes
   * uncompressed), the whole exchange within `timeoutMs`; resolves with any status (a 4xx or
   * 5xx with its body), rejects when the server cannot be reached, cuts the answer short or is
   * not done in time (GetTimeoutError).
   */
  get(url: string, options: { headers: Record<string, string>; timeoutMs: number }): Promise<TextAnswer>;
  /** Closes the connections kept open (a test, before its stand-in server goes away). */
  close(): void;
}

/**
 * Plain `node:http(s)` GETs over connections kept open from one call to the next, at most
 * `maxSocketsPerOrigin` at once per origin (docs/product/rules.md#R846): the web server's reads of
 * the API, its own (heads, statuses, the catalogue's version, the relayed documents) and its
 * renders' (the build's renderer). Without fetch's web streams and Response objects, which the
 * callers only turned back into text, and without asking the API to compress what is read on the
 * same machine or network.
 */
export function keptOpenGets({ maxSocketsPerOrigin }: { maxSocketsPerOrigin: number }): KeptOpenGets {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: maxSocketsPerOrigin }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: maxSocketsPerOrigin }),
  };
  return {
    get: (url, { headers, timeoutMs }) =>
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
        const req = (https ? httpsRequest : httpRequest)(target, { method: 'GET', headers, agent: https ? agents.https : agents.http }, read);
        // The whole exchange within the wait, as fetch's AbortSignal.timeout counted it.
        const timer = setTimeout(() => req.destroy(new GetTimeoutError(url, timeoutMs)), timeoutMs);
        req.on('error', fail);
        req.end();
      }),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
