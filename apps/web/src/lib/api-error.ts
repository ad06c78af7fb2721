import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** One error shape for every failed call, whatever body the API used (docs/product/rules.md#R144, #R150). */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /** `{ message }` bodies. */
  message?: string;
  /** `{ errors }` bodies: field errors, a detail, or a list of messages. */
  errors?: Record<string, string[]> | { detail: string } | string[];
  /** Login's `{ error }` body. */
  error?: string;
  /** Login refused past the account's ceiling: the page offers a login link (docs/product/rules.md#R769). */
  loginLink?: boolean;
}

/** A failed call as the transports report it (fetch, or XMLHttpRequest for uploads), in the app's shape. */
export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = (error.data ?? {}) as Partial<ApiError>;
    return { status: error.status, message: body.message, errors: body.errors, error: body.error, ...(body.loginLink === true ? { loginLink: true } : {}) };
  }
  return { status: error.status };
}

/** The error value of an RTK Query call, narrowed to the app's one error shape. */
export function asApiError(error: unknown): ApiError {
  if (error && typeof error === 'object' && 'status' in error) return error as ApiError;
  return { status: 'CUSTOM_ERROR' };
}

/** A failure the server explained (4xx with a body), as opposed to a crash or a lost connection. */
export function isClientError(error: ApiError): boolean {
  return typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}
