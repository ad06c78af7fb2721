import type { Readable } from 'node:stream';

/**
 * Where uploaded tool files and images live. The disk driver is the default; the S3-compatible
 * driver serves several API replicas (decisions §1).
 */
export abstract class StoragePort {
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  abstract get(key: string): Promise<{ stream: Readable; size?: number; contentType?: string }>;
  abstract delete(key: string): Promise<void>;
  abstract exists(key: string): Promise<boolean>;
  /** Writes and removes a probe object (readiness check). */
  abstract checkWritable(): Promise<void>;
}
