import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  url: string;
  method: string;
  headers: Headers;
  body: FormData;
  onUploadProgress: (progress: UploadProgress) => void;
}

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). It answers as RTK Query's fetch transport does, so that lib/api.ts adds the
 * credentials, maps the errors and ends a stale session in one place for both.
 */
export function sendWithProgress({ url, method, headers, body, onUploadProgress }: UploadRequest): Promise<{ data: unknown } | { error: FetchBaseQueryError }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    if (xhr.upload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onUploadProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      resolve(xhr.status >= 200 && xhr.status < 300 ? { data: parsed } : { error: { status: xhr.status, data: parsed } });
    };
    xhr.onerror = () => resolve({ error: { status: 'FETCH_ERROR', error: 'La connexion a été interrompue.' } });
    xhr.ontimeout = () => resolve({ error: { status: 'TIMEOUT_ERROR', error: 'Le délai de réponse est dépassé.' } });
    xhr.send(body);
  });
}
