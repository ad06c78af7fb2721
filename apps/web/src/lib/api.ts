import { BaseQueryFn, FetchArgs, fetchBaseQuery, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { WebCredentialHeaders } from '@outils/contracts';
import { webConfig } from '../config/env';
import { ApiError, toApiError } from './api-error';
import { loggedOut, SessionState } from './session';
import { sendWithProgress, UploadProgress } from './upload';

/** What an endpoint asks of the one base query, beyond fetch's options. */
export interface ApiRequest extends FetchArgs {
  /**
   * Calls that carry a one-time e-mail + token pair of their own (activation, reset links) go
   * without the session's credential headers, so that a signed-in browser cannot mix its session
   * with the link's token (docs/product/rules.md#R19).
   */
  withoutSession?: boolean;
  /** A multipart upload whose progress the page shows: sent with XMLHttpRequest (lib/upload.ts). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

const sessionOf = (getState: () => unknown) => (getState() as { session: SessionState }).session;

/** The request's own headers plus the session's credentials (docs/product/rules.md#R17), unless it carries some. */
function headersFor(request: ApiRequest, getState: () => unknown): Headers {
  const own = request.headers;
  const headers =
    own && !(own instanceof Headers) && !Array.isArray(own)
      ? new Headers(Object.entries(own).filter((entry): entry is [string, string] => entry[1] !== undefined))
      : new Headers(own as HeadersInit | undefined);
  const { token, email } = sessionOf(getState);
  if (!request.withoutSession && token && email && !headers.has(WebCredentialHeaders.token)) {
    headers.set(WebCredentialHeaders.email, email);
    headers.set(WebCredentialHeaders.token, token);
  }
  return headers;
}

const fetchQuery = fetchBaseQuery({ baseUrl: '' });

/** How long the web server waits for one API call while it renders a page (docs/product/rules.md#R830). */
const SERVER_CALL_TIMEOUT_MS = 3_000;

/** An answer as the web server's own client reads it. */
export interface ServerRead {
  status: number;
  contentType: string;
  text: string;
}

/** A GET of the web server's renders (src/app/server-api-reads.ts); rejects when the API does not answer (a `TimeoutError` when not in time). */
export type ServerGet = (url: string, headers: Record<string, string>, timeoutMs: number) => Promise<ServerRead>;

let serverGet: ServerGet | null = null;

/**
 * The renderer (src/entry-server.tsx) reads the API through its own client (docs/product/rules.md#R846);
 * the browser's bundle never sets one and keeps fetch.
 */
export function setServerGet(get: ServerGet | null): void {
  serverGet = get;
}

/** A read the server's client answers: a GET of a plain address, its answer JSON. */
const isPlainRead = (args: FetchArgs) =>
  (args.method ?? 'GET').toUpperCase() === 'GET' && args.body === undefined && args.params === undefined && args.responseHandler === undefined && args.validateStatus === undefined;

/** fetchBaseQuery's results for the same answer: data for a 2xx, `{ status, data }` otherwise, its error statuses for a failure. */
async function readOnServer(get: ServerGet, url: string, headers: Headers): Promise<QueryReturnValue<unknown, FetchBaseQueryError, undefined>> {
  const sent: Record<string, string> = { accept: 'application/json' };
  headers.forEach((value, name) => void (sent[name] = value));
  let answer: ServerRead;
  try {
    answer = await get(url, sent, SERVER_CALL_TIMEOUT_MS);
  } catch (error) {
    return { error: { status: (error as Error).name === 'TimeoutError' ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) } };
  }
  let data: unknown;
  try {
    data = answer.text.length ? JSON.parse(answer.text) : null;
  } catch (error) {
    return { error: { status: 'PARSING_ERROR', originalStatus: answer.status, data: answer.text, error: String(error) } };
  }
  return answer.status >= 200 && answer.status <= 299 ? { data } : { error: { status: answer.status, data } };
}

/**
 * Every call of the app goes through here: the API origin is read at call time (runtime config),
 * credentials are added from the session, errors take the app's one shape, and a 401 on a call
 * made with the session's credentials ends the stale session (docs/product/rules.md#R22).
 */
export const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, api, extra) => {
  const request: ApiRequest = typeof args === 'string' ? { url: args } : args;
  const { withoutSession, onUploadProgress, ...fetchArgs } = request;
  const config = webConfig();
  // The web server may reach the API at another address than browsers do (docs/product/rules.md#R830).
  const url = `${config.serverApiUrl ?? config.apiUrl}${request.url}`;
  const headers = headersFor(request, api.getState);
  const result: QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta | undefined> =
    onUploadProgress && request.body instanceof FormData
      ? await sendWithProgress({ url, method: request.method ?? 'POST', headers, body: request.body, onUploadProgress })
      : serverGet && config.serverApiUrl && isPlainRead(fetchArgs)
        ? await readOnServer(serverGet, url, headers)
        : await fetchQuery({ ...fetchArgs, url, headers, ...(config.serverApiUrl ? { timeout: SERVER_CALL_TIMEOUT_MS } : {}) }, api, extra);
  const { meta } = result;
  if (result.error) {
    if (result.error.status === 401 && !withoutSession && sessionOf(api.getState).token) api.dispatch(loggedOut());
    return { error: toApiError(result.error), meta };
  }
  return { data: result.data, meta };
};

/**
 * On the web server (docs/product/rules.md#R830), a query starts as its component renders, so that
 * rendering a page finds out which data it needs; in the browser, queries start from effects as usual.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }));

/** The one API slice; each feature injects its endpoints (`features/<f>/api/<f>.api.ts`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Tool', 'ToolList', 'Me', 'Filters', 'AdminTools'],
  endpoints: () => ({}),
});
