import type { Readable } from 'node:stream';

/**
 * How long a file may be kept: a member's or a signed link's file by nobody (`private` keeps it
 * out of shared caches too), an image whose id never changes content for a year.
 */
export type FileCaching = 'private' | 'no-store' | 'immutable';

const CACHE_CONTROL: Record<FileCaching, string> = {
  private: 'private, no-store',
  'no-store': 'no-store',
  immutable: 'public, max-age=31536000, immutable',
};

export interface FileReplyOptions {
  contentType: string;
  /** Offered for download under this name (`attachment`); shown in place when absent. */
  fileName?: string;
  /** Bytes, when known before sending (`Content-Length`). */
  length?: number;
  caching: FileCaching;
  /** Headers of this kind of file only (a CSV's `Referrer-Policy`). */
  headers?: Record<string, string>;
  /** Stops what produces the body when the transfer ends early (the client went away, an error). */
  onAbort?: () => void;
}

/** `attachment` with a plain ASCII name and its RFC 5987 twin, for every file the API sends. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A file as a service answers it (docs/product/rules.md#R884): its body (a stream, bytes, or
 * none for a `HEAD` that built nothing) and what the response says about it. Controllers hand it
 * to `sendFile`; nothing else writes a file to a response.
 */
export class FileReply {
  constructor(
    readonly body: Readable | Buffer | null,
    readonly options: FileReplyOptions,
  ) {}

  /**
   * A stored object as it comes from storage, shown in place (an image, a preview): its type,
   * and its length when storage knows it.
   */
  static stored(object: { stream: Readable; contentType: string; size?: number }, caching: FileCaching): FileReply {
    return new FileReply(object.stream, { contentType: object.contentType, length: object.size, caching });
  }

  headers(): Record<string, string> {
    const { contentType, fileName, caching, headers } = this.options;
    const length = Buffer.isBuffer(this.body) ? this.body.length : this.options.length;
    return {
      'Content-Type': contentType,
      ...(fileName !== undefined ? { 'Content-Disposition': contentDisposition(fileName) } : {}),
      'Cache-Control': CACHE_CONTROL[caching],
      ...headers,
      ...(length !== undefined ? { 'Content-Length': String(length) } : {}),
    };
  }
}
