import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskStorage } from './disk.storage';
import { InvalidStorageKeyError, StorageObjectNotFoundError } from './storage.port';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('DiskStorage', () => {
  let dir: string;
  let storage: DiskStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outils-storage-'));
    storage = new DiskStorage(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes, reads, checks and deletes an object under nested folders', async () => {
    await storage.put('tools/files/a.pdf', Buffer.from('%PDF-1.4 demo'), 'application/pdf');
    expect(await storage.exists('tools/files/a.pdf')).toBe(true);
    const object = await storage.get('tools/files/a.pdf');
    expect(object.size).toBe(13);
    expect((await readAll(object.stream)).toString()).toBe('%PDF-1.4 demo');
    expect(await readFile(join(dir, 'tools/files/a.pdf'), 'utf8')).toBe('%PDF-1.4 demo');

    await storage.delete('tools/files/a.pdf');
    expect(await storage.exists('tools/files/a.pdf')).toBe(false);
  });

  it('reads a byte range, cut at the end of the object', async () => {
    await storage.put('tools/files/plage.txt', Buffer.from('0123456789'), 'text/plain');
    const middle = await storage.get('tools/files/plage.txt', { start: 2, end: 5 });
    expect(middle.size).toBe(4);
    expect((await readAll(middle.stream)).toString()).toBe('2345');
    const tail = await storage.get('tools/files/plage.txt', { start: 8, end: 100 });
    expect(tail.size).toBe(2);
    expect((await readAll(tail.stream)).toString()).toBe('89');
  });

  it('replaces an object atomically and leaves no temp file behind', async () => {
    await storage.put('k/x.csv', Buffer.from('one'), 'text/csv');
    await storage.put('k/x.csv', Buffer.from('two'), 'text/csv');
    expect(await readFile(join(dir, 'k/x.csv'), 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'k'))).toEqual(['x.csv']);
  });

  it('reports a missing object with StorageObjectNotFoundError and deletes idempotently', async () => {
    await expect(storage.get('nothing/here.pdf')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    await expect(storage.delete('nothing/here.pdf')).resolves.toBeUndefined();
    expect(await storage.exists('nothing/here.pdf')).toBe(false);
  });

  it.each(['../escape.txt', 'a/../../escape', '/etc/passwd', 'a//b', 'a\\b', '', 'a/./b', '.hidden', 'a/b c', 'x.tmp', 'é.pdf'])(
    'refuses the unsafe key %p',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('never reads a file outside its root, even one that exists', async () => {
    const outside = join(dir, '..', `outside-${Date.now()}.txt`);
    await writeFile(outside, 'secret');
    try {
      await expect(storage.get(`../${outside.split('/').pop()}`)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    } finally {
      await rm(outside, { force: true });
    }
  });

  it('checks that its directory is writable without writing anything', async () => {
    const before = await readdir(dir, { recursive: true });
    await storage.checkWritable();
    expect(await readdir(dir, { recursive: true })).toEqual(before);
    // A root that is a file, not a folder, cannot take uploads.
    await writeFile(join(dir, 'pas-un-dossier'), 'x');
    await expect(new DiskStorage(join(dir, 'pas-un-dossier')).checkWritable()).rejects.toThrow();
    await rm(join(dir, 'pas-un-dossier'));
  });

  it('stores a local file by copying it, atomically, and leaves the source in place', async () => {
    const source = join(dir, '..', `source-${Date.now()}.bin`);
    await writeFile(source, Buffer.alloc(300_000, 7));
    try {
      await storage.putFile('tools/files/copie.pdf', source, 'application/pdf');
      expect((await readFile(join(dir, 'tools/files/copie.pdf'))).equals(Buffer.alloc(300_000, 7))).toBe(true);
      expect((await readdir(join(dir, 'tools/files'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect((await readFile(source)).length).toBe(300_000);
    } finally {
      await rm(source, { force: true });
    }
  });
});
