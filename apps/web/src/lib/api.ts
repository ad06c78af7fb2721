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
