import { BaseQueryFn, createApi, FetchArgs, fetchBaseQuery, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { WebCredentialHeaders } from '@outils/contracts';
import { webConfig } from '../config/env';
import { loggedOut, SessionState } from './session';

/** One error shape for every failed call, whatever body the API used (decisions §3). */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /** `{ message }` bodies. */
  message?: string;
  /** `{ errors }` bodies: field errors, a detail, or a list of messages. */
  errors?: Record<string, string[]> | { detail: string } | string[];
  /** Login's `{ error }` body. */
  error?: string;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  prepareHeaders: (headers, { getState }) => {
    const { token, email } = (getState() as { session: SessionState }).session;
    if (token && email && !headers.has(WebCredentialHeaders.token)) {
      headers.set(WebCredentialHeaders.email, email);
      headers.set(WebCredentialHeaders.token, token);
    }
    return headers;
  },
});

export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = (error.data ?? {}) as Partial<ApiError>;
    return { status: error.status, message: body.message, errors: body.errors, error: body.error };
  }
  return { status: error.status };
}

/**
 * The API origin is read at call time (runtime config), credentials are added from the
 * session, and a 401 on a call made with credentials ends the stale session.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const base = webConfig().apiUrl;
  const withBase = typeof args === 'string' ? `${base}${args}` : { ...args, url: `${base}${args.url}` };
  const result = await rawBaseQuery(withBase, api, extra);
  if (result.error) {
    const session = (api.getState() as { session: SessionState }).session;
    if (result.error.status === 401 && session.token) api.dispatch(loggedOut());
    return { error: toApiError(result.error), meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

/** The one API slice; each feature injects its endpoints (`features/<f>/api/<f>.api.ts`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Tool', 'ToolList', 'Favourite', 'Me', 'Filters', 'AdminTools'],
  endpoints: () => ({}),
});
