import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertValidKey, ByteRange, StorageObjectNotFoundError, StoragePort, StoredObject, StorageUnavailableError } from './storage.port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted S3 servers need path-style URLs. */
  forcePathStyle: boolean;
  /** How long to wait for a connection, and for any byte once connected (defaults: 3 s, 15 s). */
  timeouts?: { connectMs: number; idleMs: number };
}

/** The subset of `S3Client` this driver uses (lets unit tests pass a fake). */
export interface S3Sender {
  send(command: unknown): Promise<unknown>;
}

/**
 * A store that does not answer must not hold a request forever (docs/product/rules.md#R850):
 * no connection within 3 s, or 15 s without a byte in either direction, fails the attempt.
 * An idle timeout, not a total one: a 50 MB file on a slow link keeps flowing.
 */
export const S3_DEFAULT_TIMEOUTS = { connectMs: 3_000, idleMs: 15_000 };
/** One retry (the SDK's backoff) on a timeout or a 5xx, then the error: at most two waits. */
const MAX_ATTEMPTS = 2;

/** The key readiness reads: never stored (`assertValidKey` refuses a leading dot). */
export const READINESS_KEY = '.outils-readiness';

type SdkError = { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };

const isNotFound = (error: unknown) => {
  const e = error as SdkError;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED'];

/** Timeouts, refused or cut connections and the store's own failures (5xx): a temporary outage. */
export function isStorageOutage(error: unknown): boolean {
  const e = error as SdkError;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || NETWORK_CODES.includes(e.code ?? '')) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout'].includes(e.name ?? '')) return true;
  if (e.cause !== undefined && e.cause !== e && isStorageOutage(e.cause)) return true;
  // A network error from another realm (a test sandbox) reaches us as the SDK's wrapper: its text only.
  return /^AWS SDK error wrapper for .*\b(TimeoutError|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|socket hang up)\b/.test((error as Error).message ?? '');
}

const translate = (error: unknown, key?: string): unknown =>
  key !== undefined && isNotFound(error) ? new StorageObjectNotFoundError(key)
  : isStorageOutage(error) ? new StorageUnavailableError(error)
  : error;

/** Any S3-compatible object store (AWS, Scaleway, OVH, MinIO…). */
export class S3Storage extends StoragePort {
  private readonly client: S3Sender;

  constructor(private readonly options: S3StorageOptions, client?: S3Sender) {
    super();
    const timeouts = options.timeouts ?? S3_DEFAULT_TIMEOUTS;
    this.client =
      client ??
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        maxAttempts: MAX_ATTEMPTS,
        // Plain signed bodies: the trailing-checksum chunked encoding the SDK now sends by default
        // is refused by many S3-compatible servers (docs/product/rules.md#R853).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      });
  }

  private async send<T>(command: unknown, key?: string): Promise<T> {
    try {
      return (await this.client.send(command)) as T;
    } catch (error) {
      throw translate(error, key);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    // A PUT is atomic on S3: the object appears whole or not at all.
    await this.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(localPath);
    await this.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType, ContentLength: size }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    assertValidKey(key);
    const out = await this.send<{ Body?: unknown; ContentLength?: number; ContentType?: string }>(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      key,
    );
    if (!out.Body) throw new StorageObjectNotFoundError(key);
    const body = out.Body as Readable | { transformToWebStream(): ReadableStream };
    const source = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
    // A store that stops answering mid-object ends the stream with the same outage error.
    const stream = new PassThrough();
    source.once('error', (error) => stream.destroy(translate(error) as Error));
    stream.once('close', () => { if (!source.readableEnded) source.destroy(); });
    source.pipe(stream);
    return { stream, size: out.ContentLength, contentType: out.ContentType };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }), key);
      return true;
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) return false;
      throw error;
    }
  }

  /**
   * The bucket answers and these credentials may read it, nothing written: a GET of a key that
   * never exists (a leading dot, which `assertValidKey` refuses to every stored object) must
   * answer NoSuchKey. It needs only s3:GetObject, which the API has anyway (HeadBucket needs
   * s3:ListBucket), and every S3-protocol server answers it alike (docs/product/rules.md#R853).
   */
  async checkWritable(): Promise<void> {
    try {
      const out = await this.send<{ Body?: { destroy?: () => void } }>(new GetObjectCommand({ Bucket: this.options.bucket, Key: READINESS_KEY }));
      out.Body?.destroy?.();
    } catch (error) {
      if ((error as SdkError)?.name === 'NoSuchKey') return;
      throw error;
    }
  }
}
