import { WebCredentialHeaders } from '@outils/contracts';
import type { ApiError } from '../../../lib/api';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SendMultipartOptions {
  url: string;
  body: FormData;
  credentials: { email: string | null; token: string | null };
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not). Same credential headers and error shape as the RTK Query slice.
 */
export function sendMultipart<T>({ url, body, credentials, onProgress }: SendMultipartOptions): Promise<{ data: T } | { error: ApiError }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (credentials.email && credentials.token) {
      xhr.setRequestHeader(WebCredentialHeaders.email, credentials.email);
      xhr.setRequestHeader(WebCredentialHeaders.token, credentials.token);
    }
    if (onProgress && xhr.upload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ data: parsed as T });
        return;
      }
      const bodyError = (parsed ?? {}) as Partial<ApiError>;
      resolve({ error: { status: xhr.status, message: bodyError.message, errors: bodyError.errors, error: bodyError.error } });
    };
    xhr.onerror = () => resolve({ error: { status: 'FETCH_ERROR' } });
    xhr.ontimeout = () => resolve({ error: { status: 'TIMEOUT_ERROR' } });
    xhr.send(body);
  });
}
