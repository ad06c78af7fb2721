import type { Readable } from 'node:stream';

/** An object read from storage. */
export interface StoredObject {
  stream: Readable;
  size?: number;
  contentType?: string;
}

/** Bytes `start` to `end` of an object, both included (HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded tool files and images live. The disk driver is the default; the S3-compatible
 * driver serves several API replicas (docs/product/rules.md#R168).
 */
export abstract class StoragePort {
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores the content of a local file (an upload's temporary file), streamed, never whole in memory. */
  abstract putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /**
   * Streams the object, or only `range` of it (`size` is then the range's length). Throws
   * `StorageObjectNotFoundError` when nothing is stored under `key`.
   */
  abstract get(key: string, range?: ByteRange): Promise<StoredObject>;
  /** Idempotent: deleting a missing key is not an error. */
  abstract delete(key: string): Promise<void>;
  abstract exists(key: string): Promise<boolean>;
  /** Readiness check that writes nothing: the folder is writable, or the bucket answers. */
  abstract checkWritable(): Promise<void>;
}

export class StorageObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under "${key}"`);
    this.name = 'StorageObjectNotFoundError';
  }
}

/**
 * The store did not answer in time, refused the connection or failed on its side (5xx): a
 * temporary outage the API answers with 503 and `Retry-After`, never a hang nor a 500
 * (docs/product/rules.md#R850). The stream of an object read before the outage errors with it too.
 */
export class StorageUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(`Storage unavailable: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'StorageUnavailableError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key "${key.slice(0, 80)}"`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Keys are relative, slash-separated paths made of safe characters, without `.`/`..` segments,
 * so that no key can leave the storage root (disk) or surprise an S3 console.
 */
export function assertValidKey(key: string): void {
  const ok =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= 300 &&
    /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) &&
    !key.split('/').some((segment) => segment === '.' || segment === '..' || segment.endsWith('.tmp'));
  if (!ok) throw new InvalidStorageKeyError(String(key));
}
