import { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import type { ToolImageWidth } from '@outils/contracts';
import { StoragePort, StoredObject, StorageObjectNotFoundError } from '@outils/server-storage';
import { imageVariantKey } from './image-variant-keys';

/** What a copy is written as: WebP, which every browser of the site's audience shows. */
const VARIANT_TYPE = 'image/webp';
/** Copies made at once by one API process; others wait their turn (decoding takes a core each). */
const MAX_RUNNING = 2;
/** An original larger than this is not decoded (uploads are limited far below). */
const MAX_ORIGINAL_BYTES = 25 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageToSend = StoredObject & { contentType: string };

/**
 * Smaller copies of the tools' images (docs/product/rules.md#R700): made on the first request for
 * a width, from the original, then stored beside it and served from storage. Two requests for the
 * same copy at once make it once; an original that cannot be decoded is answered as it is.
 */
@Injectable()
export class ImageVariantsService {
  private readonly logger = new Logger(ImageVariantsService.name);
  private readonly making = new Map<string, Promise<Buffer | null>>();
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly storage: StoragePort) {}

  /** Throws `StorageObjectNotFoundError` when the original is missing from storage. */
  async open(imageId: string, original: { key: string; mime: string }, width: ToolImageWidth): Promise<ImageToSend> {
    const key = imageVariantKey(imageId, width);
    try {
      return { ...(await this.storage.get(key)), contentType: VARIANT_TYPE };
    } catch (error) {
      if (!(error instanceof StorageObjectNotFoundError)) throw error;
    }
    let pending = this.making.get(key);
    if (!pending) {
      pending = this.make(key, original, width).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    const body = await pending;
    if (!body) return { ...(await this.storage.get(original.key)), contentType: original.mime };
    return { stream: Readable.from([body]), size: body.length, contentType: VARIANT_TYPE };
  }

  private async make(key: string, original: { key: string; mime: string }, width: ToolImageWidth): Promise<Buffer | null> {
    await this.turn();
    try {
      const source = await readAll(await this.storage.get(original.key));
      if (!source) {
        this.logger.warn(`Image ${original.key} too large for copies: served as stored`);
        return null;
      }
      let body: Buffer;
      try {
        body = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
      } catch (error) {
        this.logger.warn(`Image ${original.key} could not be resized (${(error as Error).message}): served as stored`);
        return null;
      }
      // A copy that could not be stored is still answered; the next request tries again.
      await this.storage.put(key, body, VARIANT_TYPE).catch((error: Error) => this.logger.warn(`Image copy ${key} not stored: ${error.message}`));
      return body;
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    if (this.running < MAX_RUNNING) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}

/** The whole object in memory, or null past MAX_ORIGINAL_BYTES (the stream is then destroyed). */
async function readAll(object: StoredObject): Promise<Buffer | null> {
  if (object.size !== undefined && object.size > MAX_ORIGINAL_BYTES) {
    object.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of object.stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > MAX_ORIGINAL_BYTES) {
      object.stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
