import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { S3Storage } from './s3.storage';
import { InvalidStorageKeyError, StorageObjectNotFoundError } from './storage.port';

const options = { bucket: 'outils', region: 'fr-par', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true };
const notFound = (name: string) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 404 } });

describe('S3Storage (AWS SDK client replaced by a fake)', () => {
  it('sends a PutObject with bucket, key, content type and length', async () => {
    const send = jest.fn().mockResolvedValue({});
    await new S3Storage(options, { send }).put('tools/files/a.pdf', Buffer.from('%PDF'), 'application/pdf');
    const command = send.mock.calls[0][0];
    expect(command).toBeInstanceOf(PutObjectCommand);
    expect(command.input).toMatchObject({ Bucket: 'outils', Key: 'tools/files/a.pdf', ContentType: 'application/pdf', ContentLength: 4 });
  });

  it('streams a local file into a PutObject with its length, and checks readiness by reading a key that never exists', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outils-s3-'));
    try {
      await writeFile(join(dir, 'upload'), Buffer.alloc(1000, 1));
      const send = jest.fn().mockResolvedValueOnce({}).mockRejectedValueOnce(notFound('NoSuchKey'));
      const storage = new S3Storage(options, { send });
      await storage.putFile('tools/files/b.pdf', join(dir, 'upload'), 'application/pdf');
      expect(send.mock.calls[0][0].input).toMatchObject({ Bucket: 'outils', Key: 'tools/files/b.pdf', ContentLength: 1000 });
      expect(send.mock.calls[0][0].input.Body).toBeInstanceOf(Readable);
      await storage.checkWritable();
      expect(send.mock.calls[1][0]).toBeInstanceOf(GetObjectCommand);
      expect(send.mock.calls[1][0].input).toEqual({ Bucket: 'outils', Key: '.outils-readiness' });
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('streams an object and maps NoSuchKey to StorageObjectNotFoundError', async () => {
    const send = jest.fn()
      .mockResolvedValueOnce({ Body: Readable.from([Buffer.from('data')]), ContentLength: 4, ContentType: 'text/csv' })
      .mockRejectedValueOnce(notFound('NoSuchKey'));
    const storage = new S3Storage(options, { send });
    const object = await storage.get('a.csv');
    expect(send.mock.calls[0][0]).toBeInstanceOf(GetObjectCommand);
    expect(object).toMatchObject({ size: 4, contentType: 'text/csv' });
    await expect(storage.get('b.csv')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
  });

  it('answers exists() through HeadObject and deletes through DeleteObject', async () => {
    const send = jest.fn().mockResolvedValueOnce({}).mockRejectedValueOnce(notFound('NotFound')).mockResolvedValueOnce({});
    const storage = new S3Storage(options, { send });
    expect(await storage.exists('a.png')).toBe(true);
    expect(await storage.exists('b.png')).toBe(false);
    await storage.delete('a.png');
    expect(send.mock.calls[0][0]).toBeInstanceOf(HeadObjectCommand);
    expect(send.mock.calls[2][0]).toBeInstanceOf(DeleteObjectCommand);
  });

  it('refuses unsafe keys before calling S3', async () => {
    const send = jest.fn();
    await expect(new S3Storage(options, { send }).put('../x', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(send).not.toHaveBeenCalled();
  });
});
