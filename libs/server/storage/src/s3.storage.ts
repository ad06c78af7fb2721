import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertValidKey, StorageObjectNotFoundError, StoragePort, StoredObject } from './storage.port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted S3 servers need path-style URLs. */
  forcePathStyle: boolean;
}

/** The subset of `S3Client` this driver uses (lets unit tests pass a fake). */
export interface S3Sender {
  send(command: unknown): Promise<unknown>;
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Any S3-compatible object store (AWS, Scaleway, OVH, MinIO…). */
export class S3Storage extends StoragePort {
  private readonly client: S3Sender;

  constructor(private readonly options: S3StorageOptions, client?: S3Sender) {
    super();
    this.client =
      client ??
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    // A PUT is atomic on S3: the object appears whole or not at all.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(localPath);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType, ContentLength: size }),
    );
  }

  async get(key: string): Promise<StoredObject> {
    assertValidKey(key);
    try {
      const out = (await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }))) as {
        Body?: unknown;
        ContentLength?: number;
        ContentType?: string;
      };
      if (!out.Body) throw new StorageObjectNotFoundError(key);
      const body = out.Body as Readable | { transformToWebStream(): ReadableStream };
      const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
      return { stream, size: out.ContentLength, contentType: out.ContentType };
    } catch (error) {
      if (isNotFound(error)) throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** The bucket exists and these credentials may reach it (HeadBucket): nothing written. */
  async checkWritable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }
}
