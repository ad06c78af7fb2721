import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { assertValidKey, ByteRange, InvalidStorageKeyError, StorageObjectNotFoundError, StoragePort, StoredObject } from './storage.port';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under one directory (`STORAGE_DIR`). Writes are atomic: temp file, then rename. */
export class DiskStorage extends StoragePort {
  readonly root: string;

  constructor(dir: string) {
    super();
    this.root = resolve(dir);
  }

  /** The absolute path of a key; refuses anything that would resolve outside the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // A reader never sees half a file: the temp file (same directory, same filesystem) is renamed.
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, localPath: string, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      // A copy (the temporary file may sit on another filesystem), then the atomic rename.
      await copyFile(localPath, temp, constants.COPYFILE_EXCL);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new StorageObjectNotFoundError(key);
      if (range) {
        const end = Math.min(range.end, info.size - 1);
        return { stream: createReadStream(path, { start: range.start, end }), size: Math.max(0, end - range.start + 1) };
      }
      return { stream: createReadStream(path), size: info.size };
    } catch (error) {
      if (isMissing(error)) throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async checkWritable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK | constants.X_OK);
  }
}
