import { keptOpenGets } from '@outils/server-http-client';

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
 * over connections kept open between them, uncompressed, through the same client as its renders'
 * reads (libs/server/http-client, docs/product/rules.md#R846).
 */
const reads = keptOpenGets({ maxSocketsPerOrigin: 32 });

/** GET `url` on the API as text, within API_TIMEOUT_MS; rejects when the API does not answer. */
export async function fetchApiText(url: string, accept = 'text/html, application/xml, text/plain'): Promise<ApiText> {
  const { status, contentType, text } = await reads.get(url, { headers: { accept }, timeoutMs: API_TIMEOUT_MS });
  return { status, type: contentType || 'text/plain', body: text };
}
