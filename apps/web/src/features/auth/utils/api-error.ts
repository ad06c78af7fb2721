import type { ApiError } from '../../../lib/api';

/** The error value of an RTK Query call, narrowed to the app's one error shape. */
export function asApiError(error: unknown): ApiError {
  if (error && typeof error === 'object' && 'status' in error) return error as ApiError;
  return { status: 'CUSTOM_ERROR' };
}

/** A failure the server explained (4xx with a body), as opposed to a crash or a lost connection. */
export function isClientError(error: ApiError): boolean {
  return typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

/** Where to go after login: only a path of this site (no `//host` open redirect). */
export function safeInternalPath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
