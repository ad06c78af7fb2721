import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StorageObjectNotFoundError, StoragePort, StoredObject } from '@outils/server-storage';
import type { Shape } from './persistence.fakes';

/**
 * Storage in memory. Deliberately NOT a `FakeStore`: storage is outside the database
 * transaction (docs/product/rules.md#R168), so a rollback does not give files back or take
 * them away — the service must clean up itself, and a spec can see whether it did.
 */
export class FakeStorage implements Shape<StoragePort> {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  /** Every key the service asked to delete, in order. */
  readonly deleted: string[] = [];
  /** Streams handed out by `get`, to check that a refused download closed its stream. */
  readonly opened: Readable[] = [];
  /** Keys whose deletion fails (a storage hiccup): the service logs and goes on. */
  readonly failDeleteOf = new Set<string>();

  /** Stores `body` under `key` as if an earlier save had put it there. */
  seed(key: string, body: Buffer | string, contentType = 'application/pdf'): void {
    this.objects.set(key, { body: Buffer.from(body), contentType });
  }

  keys(prefix = ''): string[] {
    return [...this.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.objects.set(key, { body, contentType });
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    this.objects.set(key, { body: await readFile(localPath), contentType });
  }

  async get(key: string): Promise<StoredObject> {
    const object = this.objects.get(key);
    if (!object) throw new StorageObjectNotFoundError(key);
    const stream = Readable.from([object.body]);
    this.opened.push(stream);
    return { stream, size: object.body.length, contentType: object.contentType };
  }

  async delete(key: string): Promise<void> {
    this.deleted.push(key);
    if (this.failDeleteOf.has(key)) throw new Error(`storage unavailable for ${key}`);
    this.objects.delete(key);
  }

  async exists(key: string): Promise<boolean> {
    return this.objects.has(key);
  }

  async checkWritable(): Promise<void> {
    // Always writable in memory.
  }
}
