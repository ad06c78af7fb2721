import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { AddressInfo, createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { S3Storage, S3StorageOptions } from './s3.storage';
import { StorageObjectNotFoundError, StorageUnavailableError } from './storage.port';

// The real driver (AWS SDK, HTTP) against an S3-protocol server from npm (`@20minutes/s3rver`,
// docs/catalogue.md § Storage says what it does not emulate), reached through a TCP proxy that
// can stop answering (tools/lib/fault-proxy.cjs).
const S3rver = require('@20minutes/s3rver') as new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };
interface FaultProxy { port: number; freeze(): void; refuse(): void; restore(): void; close(): Promise<void> }
const { startFaultProxy } = require('../../../../tools/lib/fault-proxy.cjs') as { startFaultProxy(options: { targetPort: number }): Promise<FaultProxy> };

jest.setTimeout(60_000);

const MB = 1024 * 1024;
const BIG = 50 * MB;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function hashOf(stream: Readable): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

describe('S3Storage against an S3-protocol server (s3rver over HTTP)', () => {
  let dir: string;
  let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
  let proxy: FaultProxy;
  /** Production's timeouts, for the data: a loaded machine may pause a second mid-upload. */
  let storage: S3Storage;
  /** The same store with short timeouts, for the outages. */
  let impatient: S3Storage;
  let bigFile: string;
  let bigHash: string;
  let options: S3StorageOptions;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outils-s3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 'store'), configureBuckets: [{ name: 'outils' }] });
    const { port } = await s3.run();
    proxy = await startFaultProxy({ targetPort: port });
    // Short timeouts so that "never a hang" is seen in seconds; production's are in S3_DEFAULT_TIMEOUTS.
    options = {
      bucket: 'outils', region: 'fr-par', endpoint: `http://127.0.0.1:${proxy.port}`, forcePathStyle: true,
      accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', timeouts: { connectMs: 500, idleMs: 1_000 },
    };
    storage = new S3Storage({ ...options, timeouts: { connectMs: 3_000, idleMs: 15_000 } });
    impatient = new S3Storage(options);
    const big = randomBytes(BIG);
    bigHash = sha256(big);
    bigFile = join(dir, 'upload.pdf');
    await writeFile(bigFile, big);
  });

  afterEach(() => proxy.restore());

  afterAll(async () => {
    await proxy?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers readiness for its bucket, and refuses a bucket that does not exist (not as an outage)', async () => {
    await expect(storage.checkWritable()).resolves.toBeUndefined();
    const missing = new S3Storage({ ...options, bucket: 'absent' }).checkWritable();
    await expect(missing).rejects.toBeDefined();
    await expect(missing).rejects.not.toBeInstanceOf(StorageUnavailableError);
  });

  it('stores a 50 MB file from disk, streamed, and reads back the same bytes as a stream', async () => {
    await storage.putFile('tools/files/grand.pdf', bigFile, 'application/pdf');
    expect(await storage.exists('tools/files/grand.pdf')).toBe(true);
    const object = await storage.get('tools/files/grand.pdf');
    expect(object.size).toBe(BIG);
    expect(object.contentType).toBe('application/pdf');
    expect(await hashOf(object.stream)).toEqual({ hash: bigHash, size: BIG });
  });

  it('reads a byte range: only those bytes, with their length', async () => {
    const whole = randomBytes(10_000);
    await storage.put('tools/files/plage.bin', whole, 'application/octet-stream');
    const middle = await storage.get('tools/files/plage.bin', { start: 1_000, end: 1_999 });
    expect(middle.size).toBe(1_000);
    expect(await drain(middle.stream)).toEqual(whole.subarray(1_000, 2_000));
    const tail = await storage.get('tools/files/grand.pdf', { start: BIG - 10, end: BIG - 1 });
    expect(tail.size).toBe(10);
    expect(sha256(await drain(tail.stream))).toBe(sha256((await drain(createReadStream(bigFile, { start: BIG - 10 }))))); 
  });

  it('says a missing key is missing (get, exists), and deleting it is not an error', async () => {
    await expect(storage.get('tools/files/absent.pdf')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    expect(await storage.exists('tools/files/absent.pdf')).toBe(false);
    await expect(storage.delete('tools/files/absent.pdf')).resolves.toBeUndefined();
    await storage.put('tools/files/court.txt', Buffer.from('bonjour'), 'text/plain');
    await storage.delete('tools/files/court.txt');
    await expect(storage.get('tools/files/court.txt')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
  });

  it('turns a store that stops answering into StorageUnavailableError on every call, never a hang', async () => {
    proxy.freeze();
    await expect(impatient.checkWritable()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(impatient.get('tools/files/grand.pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(impatient.exists('tools/files/grand.pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(impatient.put('tools/files/x.txt', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(StorageUnavailableError);
    proxy.restore();
    await expect(impatient.checkWritable()).resolves.toBeUndefined();
  });

  it('ends a download with StorageUnavailableError when the store stops answering mid-object', async () => {
    const object = await impatient.get('tools/files/grand.pdf');
    const iterator = object.stream[Symbol.asyncIterator]();
    expect(((await iterator.next()).value as Buffer).length).toBeGreaterThan(0);
    proxy.freeze();
    const rest = (async () => { while (!(await iterator.next()).done) { /* drain what was in flight */ } })();
    await expect(rest).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('turns a refused or cut connection into StorageUnavailableError', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new S3Storage({ ...options, endpoint: `http://127.0.0.1:${port}` });
    await expect(nowhere.get('tools/files/grand.pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
    proxy.refuse();
    await expect(impatient.exists('tools/files/grand.pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
