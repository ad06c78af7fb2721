/** How long the web server waits for the API before it serves the page without what it asked. */
export const API_TIMEOUT_MS = 2_000;

/** A text answer of the API. */
export interface ApiText {
  status: number;
  type: string;
  body: string;
}

/** GET `url` on the API as text, within API_TIMEOUT_MS; rejects when the API does not answer. */
export async function fetchApiText(url: string): Promise<ApiText> {
  const res = await fetch(url, { signal: AbortSignal.timeout(API_TIMEOUT_MS), headers: { Accept: 'text/html, application/xml, text/plain' } });
  return { status: res.status, type: res.headers.get('content-type') ?? 'text/plain', body: await res.text() };
}
