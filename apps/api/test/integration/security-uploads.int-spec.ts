import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { createDataSource } from '@outils/server-db';
import { Part, rawUpload } from '../factories/raw-upload';
import { createCategory, createToolType, SAMPLE_PDF, samplePng } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { ApiProcess, startApiProcess } from '../setup/api-process';

const MB = 1024 * 1024;

/**
 * Uploads are read only once the caller is known, within per-field limits, through temporary
 * files that never outlive the request. The API runs as a process of its own: the bytes it
 * pulled off its sockets (/proc/<pid>/io) and its memory (VmRSS, sampled every 5 ms) are read
 * from outside, not guessed from timings.
 */
describe('uploads: authentication before any file byte, per-field limits, temporary files (API process)', () => {
  let api: ApiProcess;
  let dataSource: DataSource;
  let tmpDir: string;
  let storageDir: string;
  let admin: TestUser;
  let member: TestUser;
  let form: Part[];

  beforeAll(async () => {
    tmpDir = await mkdtemp(join(tmpdir(), 'outils-upload-test-'));
    storageDir = await mkdtemp(join(tmpdir(), 'outils-upload-storage-'));
    dataSource = createDataSource(process.env.TEST_DATABASE_URL!, 2);
    await dataSource.initialize();
    admin = await createTestUser(dataSource, { isAdmin: true });
    member = await createTestUser(dataSource);
    const [category, type] = [await createCategory(dataSource), await createToolType(dataSource)];
    form = [
      { name: 'title', value: 'Gros envoi' }, { name: 'description', value: 'D.' }, { name: 'type', value: String(type.id) },
      { name: 'category', value: String(category.id) }, { name: 'difficulty', value: 'Simple' },
    ];
    api = await startApiProcess({ UPLOAD_TMP_DIR: tmpDir, STORAGE_DIR: storageDir, MAX_TOOL_FILE_MB: '2', MAX_IMAGE_MB: '1', UPLOAD_IDLE_SECONDS: '2' });
  }, 90_000);

  afterAll(async () => {
    await api?.stop();
    await dataSource?.destroy();
    await rm(tmpDir, { recursive: true, force: true });
    await rm(storageDir, { recursive: true, force: true });
  });

  const temporaryFiles = async () => (existsSync(tmpDir) ? readdir(tmpDir) : []);
  const temporaryFilesOpen = async () => {
    const fds = await readdir(`/proc/${api.pid}/fd`);
    const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${api.pid}/fd/${fd}`).catch(() => '')));
    return targets.filter((target) => target.startsWith(tmpDir));
  };

  /** Uploads sent by this file: every one reaches the API's upload reader. */
  let sent = 0;
  const upload = (...args: Parameters<typeof rawUpload>) => {
    sent += 1;
    return rawUpload(...args);
  };
  /**
   * Waits until the API has taken in every upload sent and seen each one over, its temporary
   * files closed and removed (its `/metrics`, R899): a client that hung up has its answer before
   * the API has even read its body, so "no file yet" says nothing until then. 10 s at most.
   */
  const uploadsOver = async () => {
    for (let i = 0; i < 500; i += 1) {
      const text = await (await fetch(`${api.url}/metrics`)).text();
      const started = Number(/^outils_uploads_started_total (\d+)/m.exec(text)?.[1]);
      const open = Number(/^outils_uploads_open (\d+)/m.exec(text)?.[1]);
      if (Number.isNaN(started) || Number.isNaN(open)) throw new Error(`/metrics shows no upload figures:\n${text.slice(0, 500)}`);
      if (started >= sent && open === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Temporary files left on disk once every upload is over. */
  const temporaryFilesAfterwards = async () => {
    await uploadsOver();
    return temporaryFiles();
  };
  /** Temporary files the API still holds open once every upload is over, removed or not: each a descriptor and its disk space lost (R899). */
  const temporaryFilesHeldOpen = async () => {
    await uploadsOver();
    return temporaryFilesOpen();
  };

  /** Runs `send` and measures the API process meanwhile: bytes it read, and how far its RSS rose. */
  async function measured<T>(send: () => Promise<T>): Promise<{ result: T; bytesRead: number; rssGrowth: number }> {
    const rssBefore = api.rss();
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, api.rss())), 5);
    const readBefore = api.bytesRead();
    try {
      const result = await send();
      rssMax = Math.max(rssMax, api.rss());
      return { result, bytesRead: api.bytesRead() - readBefore, rssGrowth: rssMax - rssBefore };
    } finally {
      clearInterval(sampler);
    }
  }

  const file = (name: string, size: number, head = SAMPLE_PDF): Part => ({ name, filename: 'gros.pdf', size, head });
  const png = (): Part => ({ name: 'images[]', filename: 'vue.png', size: samplePng().length, head: samplePng(), contentType: 'image/png' });
  const credentials = (user: TestUser): Part[] => [{ name: 'storedMail', value: user.email }, { name: 'storedToken', value: user.token }];
  const imagesOf = async (toolId: number) => Number((await dataSource.query(`SELECT count(*)::int AS n FROM tool_image WHERE tool_id = $1`, [toolId]))[0].n);

  it('answers an anonymous 90 MB upload with 401 having read under 4 MB (2 MB kept waiting for credentials), RSS up by 20 MB at most', async () => {
    // Warm-up: the code paths of an upload are loaded once before the measure.
    await upload(api.url, '/admin/tools/create', [...form, file('toolFile', 64 * 1024)]);
    const { result, bytesRead, rssGrowth } = await measured(() =>
      upload(api.url, '/admin/tools/create', [...form, file('toolFile', 45 * MB), file('images[]', 45 * MB)]),
    );
    console.log(`anonymous 90 MB upload: ${result.status}, API read ${(bytesRead / 1024).toFixed(0)} KiB, RSS +${(rssGrowth / MB).toFixed(1)} MB, client sent ${(result.sent / MB).toFixed(1)} MB`);
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: CommonMessages.unauthorized });
    expect(bytesRead).toBeLessThan(4 * MB);
    expect(rssGrowth).toBeLessThanOrEqual(20 * MB);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('takes the body\'s credentials after the files of a small upload, in the specification\'s field order (R784)', async () => {
    const ok = await upload(api.url, '/admin/tools/create', [file('toolFile', 512 * 1024), png(), png(), ...form, ...credentials(admin)]);
    expect(ok.status).toBe(200);
    expect(await imagesOf(Number(ok.body!.id))).toBe(2);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('answers credentials after the files of a non-admin 403, and wrong ones 401, keeping nothing (R784)', async () => {
    const member403 = await upload(api.url, '/admin/tools/create', [file('toolFile', 512 * 1024), png(), ...form, ...credentials(member)]);
    expect(member403.status).toBe(403);
    expect(member403.body).toEqual({ message: CommonMessages.forbidden });
    const wrong = await upload(api.url, '/admin/tools/create', [file('toolFile', 512 * 1024), ...form, { name: 'storedMail', value: admin.email }, { name: 'storedToken', value: 'faux' }]);
    expect(wrong.status).toBe(401);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('answers 401 at once past 2 MB of files without credentials, even if they would come after (R784)', async () => {
    const { result, bytesRead } = await measured(() =>
      upload(api.url, '/admin/tools/create', [...form, file('toolFile', 40 * MB), ...credentials(admin)]),
    );
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: CommonMessages.unauthorized });
    expect(bytesRead).toBeLessThan(4 * MB);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('keeps files for one unknown caller at a time per network, an IPv6 /64 being one network (R784)', async () => {
    const uploadFrom = (ip: string, parts: Part[], extra: { stallBeforeEnd?: boolean } = {}) =>
      upload(api.url, '/admin/tools/create', parts, { headers: { 'X-Forwarded-For': ip }, giveUpAfter: 20_000, ...extra });
    // A caller of 2001:db8:7:1::/64 that never sends its credentials nor the end of its body.
    const stalled = uploadFrom('2001:db8:7:1::5', [file('toolFile', 256 * 1024), ...form], { stallBeforeEnd: true });
    for (let i = 0; i < 100 && (await temporaryFiles()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await temporaryFiles()).toHaveLength(1);
    // Another address of the same /64: its credentials after the files do not count.
    const sameNetwork = await uploadFrom('2001:db8:7:1:ffff::9', [file('toolFile', 256 * 1024), ...form, ...credentials(admin)]);
    expect(sameNetwork.status).toBe(401);
    // Another network: kept, then let through.
    const otherNetwork = await uploadFrom('2001:db8:7:2::5', [file('toolFile', 256 * 1024), ...form, ...credentials(admin)]);
    expect(otherNetwork.status).toBe(200);
    expect((await stalled).status).toBe(408);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('answers every upload: a body whose end comes late is still answered, one that stalls gets a 408 (R784)', async () => {
    // Credentials first, a text file named .pdf, two images, then the other fields, the closing
    // boundary a moment after the rest: the last file reaches the disk before the body ends.
    const text: Part = { name: 'toolFile', filename: 'notes.pdf', size: 2048, head: Buffer.from('Juste du texte, pas un PDF.\n'.repeat(40)) };
    for (let run = 0; run < 3; run += 1) {
      const late = await upload(api.url, '/admin/tools/create', [...credentials(admin), text, png(), png(), ...form], { pauseBeforeEnd: 300, giveUpAfter: 20_000 });
      expect(late.status).toBe(400);
    }
    const stalled = await upload(api.url, '/admin/tools/create', [...credentials(admin), ...form, text, png()], { stallBeforeEnd: true, giveUpAfter: 20_000 });
    expect(stalled.status).toBe(408);
    expect(stalled.body).toEqual({ message: CommonMessages.uploadStalled });
    const stalledAnonymous = await upload(api.url, '/admin/tools/create', [...form, text], { stallBeforeEnd: true, giveUpAfter: 20_000 });
    expect(stalledAnonymous.status).toBe(408);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('answers a member (not admin) 403 before reading the files', async () => {
    const { result, bytesRead } = await measured(() =>
      upload(api.url, '/admin/tools/create', [...form, file('toolFile', 40 * MB)], { headers: member.headers }),
    );
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: CommonMessages.forbidden });
    expect(bytesRead).toBeLessThan(1 * MB);
  });

  it('cuts an admin’s tool file at its own limit with 413, reads little past it and keeps no temporary file', async () => {
    const { result, bytesRead } = await measured(() =>
      upload(api.url, '/admin/tools/create', [{ name: 'storedMail', value: admin.email }, { name: 'storedToken', value: admin.token }, ...form, file('toolFile', 60 * MB)]),
    );
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ message: CatalogueMessages.fileTooLarge(2) });
    expect(bytesRead).toBeLessThan(4 * MB);
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('cuts an image at the image limit (not the tool-file one) with its own 413', async () => {
    const { result } = await measured(() =>
      upload(api.url, '/admin/tools/create', [...form, file('toolFile', 10 * 1024), file('images[]', 1.5 * MB)], { headers: admin.headers }),
    );
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ message: CatalogueMessages.imageTooLarge(1) });
    expect(await temporaryFilesAfterwards()).toEqual([]);
  });

  it('removes the temporary files after a success, a refused content and a client that hung up mid-body', async () => {
    const storedBefore = (await readdir(join(storageDir, 'tools/files'))).length;
    const ok = await upload(api.url, '/admin/tools/create', [...form, file('toolFile', 1 * MB)], { headers: admin.headers });
    expect(ok.status).toBe(200);
    expect(await temporaryFilesAfterwards()).toEqual([]);
    const stored = await readdir(join(storageDir, 'tools/files'));
    expect(stored).toHaveLength(storedBefore + 1);

    const elf = Buffer.concat([Buffer.from('7f454c4602010100', 'hex'), Buffer.alloc(64, 1)]);
    const refused = await upload(api.url, '/admin/tools/create', [...form, file('toolFile', 512 * 1024, elf)], { headers: admin.headers });
    expect(refused.status).toBe(400);
    expect(await temporaryFilesAfterwards()).toEqual([]);

    const gone = await upload(api.url, '/admin/tools/create', [...form, file('toolFile', 1.5 * MB)], { headers: admin.headers, abortAfter: 512 * 1024 });
    expect(gone.status).toBe(0);
    expect(await temporaryFilesAfterwards()).toEqual([]);
    expect(await temporaryFilesHeldOpen()).toEqual([]);
    expect(await readdir(join(storageDir, 'tools/files'))).toEqual(stored);
    expect(api.output()).not.toMatch(/Unhandled error|ERR_/);
  });

  it('keeps neither a temporary file nor an open descriptor of clients that hang up anywhere in their file (R899)', async () => {
    // Each point of the file in turn: before it is opened on disk, while it is opened, while it is written.
    const storedFiles = () => readdir(join(storageDir, 'tools/files')).catch(() => []);
    const stored = await storedFiles();
    for (let attempt = 0; attempt < 48; attempt += 1) {
      const gone = await upload(api.url, '/admin/tools/create', [...form, file('toolFile', 1 * MB)], { headers: admin.headers, abortAfter: (attempt % 16) * 64 * 1024 + 1 });
      expect(gone.status).toBe(0);
    }
    expect(await temporaryFilesAfterwards()).toEqual([]);
    expect(await temporaryFilesHeldOpen()).toEqual([]);
    expect(await storedFiles()).toEqual(stored);
  });
});
