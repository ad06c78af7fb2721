import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { CatalogueMessages } from '@outils/contracts';
import { LinkSigner } from '@outils/server-signing';
import { signDownload } from '../../src/modules/downloads/download-link';
import { binary, downloadCounts, pathOf } from '../factories/downloads';
import { createTestTool, SAMPLE_PDF, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

describe('catalogue: signed downloads, counting and images (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let tool: TestTool;
  let member: TestUser;

  beforeAll(async () => {
    tool = await createTestTool(t, { name: 'Diagnostic « Sécurité » de l’entreprise', images: 2 });
    member = await createTestUser(t.dataSource);
  });

  const counts = (toolId: number) => downloadCounts(t.dataSource, toolId);

  it('gives a signed, expiring absolute URL, not shadowed by the sheet route', async () => {
    const res = await request(t.http).get(`/tools/download?toolId=${tool.id}`).expect(200);
    expect(res.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:3999/tools/file\\?toolId=${tool.id}&expires=\\d+&n=[\\w-]{16}&v=1&signature=[\\w-]{43}$`));
    const expires = Number(new URL(res.body.url).searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(250);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300);
    // Asking for a link counts nothing: the download is counted when the file is served.
    expect(await counts(tool.id)).toEqual({ count: 0, logs: 0 });
  });

  it('streams the file as an attachment named after the tool and counts it once, in one transaction', async () => {
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).set(member.headers).expect(200);
    expect(link.url).toContain('&u=');
    const res = await request(t.http).get(pathOf(link.url)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="diagnostic-securite-de-l-entreprise.pdf"; filename*=UTF-8''diagnostic-securite-de-l-entreprise.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(res.body as Buffer, SAMPLE_PDF)).toBe(0);

    expect(await counts(tool.id)).toEqual({ count: 1, logs: 1 });
    const [log] = await t.dataSource.query(`SELECT user_id, email FROM download_log WHERE tool_id = $1`, [tool.id]);
    expect(log).toEqual({ user_id: member.user.id, email: member.email });
  });

  it('counts a guest download without user or e-mail, and ignores HEAD requests', async () => {
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).expect(200);
    await request(t.http).head(pathOf(link.url)).expect(200);
    expect((await counts(tool.id)).count).toBe(1);
    await request(t.http).get(pathOf(link.url)).buffer(true).parse(binary).expect(200);
    expect(await counts(tool.id)).toEqual({ count: 2, logs: 2 });
    const rows = await t.dataSource.query(`SELECT user_id, email FROM download_log WHERE tool_id = $1 AND user_id IS NULL AND counted`, [tool.id]);
    expect(rows).toEqual([{ user_id: null, email: null }]);
  });

  it('refuses a tampered link with a French 403 and counts nothing', async () => {
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).expect(200);
    const url = new URL(link.url);
    const other = await createTestTool(t);
    for (const change of [
      (u: URL) => u.searchParams.set('toolId', String(other.id)),
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      (u: URL) => u.searchParams.set('signature', 'x'.repeat(43)),
      (u: URL) => u.searchParams.delete('signature'),
      (u: URL) => u.searchParams.set('u', member.user.id),
    ]) {
      const tampered = new URL(url);
      change(tampered);
      const res = await request(t.http).get(`${tampered.pathname}${tampered.search}`).expect(403);
      expect(res.body).toEqual({ message: CatalogueMessages.downloadLinkInvalid });
    }
    expect((await request(t.http).get('/tools/file').expect(403)).body.message).toBe(CatalogueMessages.downloadLinkInvalid);
    expect((await counts(tool.id)).count).toBe(2);
    expect((await counts(other.id)).count).toBe(0);
  });

  it('refuses an expired link with a French 410', async () => {
    const params = signDownload(new LinkSigner(t.config.downloads.secret), { toolId: tool.id, expires: Math.floor(Date.now() / 1000) - 5 });
    const res = await request(t.http).get(`/tools/file?${params}`).expect(410);
    expect(res.body).toEqual({ message: CatalogueMessages.downloadLinkInvalid });
    expect((await counts(tool.id)).count).toBe(2);
  });

  it('sends a browser that opens an expired, altered or dead link to the tool’s sheet, in French, without counting', async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const expired = signDownload(new LinkSigner(t.config.downloads.secret), { toolId: tool.id, expires: Math.floor(Date.now() / 1000) - 5 });
    const res = await request(t.http).get(`/tools/file?${expired}`).set('Accept', html).expect(303);
    expect(res.headers.location).toBe(`http://localhost:4299/toolspage/${tool.slug}?telechargement=expire`);
    expect(res.headers['cache-control']).toBe('no-store');

    const altered = new URLSearchParams(signDownload(new LinkSigner(t.config.downloads.secret), { toolId: tool.id, expires: Math.floor(Date.now() / 1000) + 60 }));
    altered.set('signature', 'x'.repeat(43));
    expect((await request(t.http).get(`/tools/file?${altered}`).set('Accept', html).expect(303)).headers.location)
      .toBe(`http://localhost:4299/toolspage/${tool.slug}?telechargement=invalide`);
    expect((await request(t.http).get('/tools/file').set('Accept', html).expect(303)).headers.location).toBe('http://localhost:4299/toolspage?telechargement=invalide');

    const doomed = await createTestTool(t);
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${doomed.id}`).expect(200);
    await t.dataSource.query(`DELETE FROM tool WHERE id = $1`, [doomed.id]);
    expect((await request(t.http).get(pathOf(link.url)).set('Accept', html).expect(303)).headers.location)
      .toBe(`http://localhost:4299/toolspage/details/${doomed.id}?telechargement=introuvable`);
    expect((await counts(tool.id)).count).toBe(2);

    // A program asking for JSON (or anything) keeps the JSON answer.
    await request(t.http).get(`/tools/file?${expired}`).set('Accept', 'application/json').expect(410);
  });

  it('answers 404 for an unknown tool and 400 for a malformed id when asking for a link', async () => {
    expect((await request(t.http).get('/tools/download?toolId=999999').expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });
    for (const bad of ['abc', '-1', '0', '1.5', '', '99999999999']) {
      expect((await request(t.http).get(`/tools/download?toolId=${bad}`).expect(400)).body).toEqual({ message: CatalogueMessages.invalidToolId });
    }
    await request(t.http).get('/tools/download').expect(400);
    await request(t.http).get('/tools/download?toolId[]=1&toolId[]=2').expect(400);
  });

  it('answers 404 (not 500) when the tool was deleted after the link was made, or its file is missing', async () => {
    const doomed = await createTestTool(t);
    const { body: link } = await request(t.http).get(`/tools/download?toolId=${doomed.id}`).expect(200);
    await t.dataSource.query(`DELETE FROM tool WHERE id = $1`, [doomed.id]);
    expect((await request(t.http).get(pathOf(link.url)).expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });

    const orphan = await createTestTool(t);
    await t.dataSource.query(`UPDATE tool SET file_key = 'tools/files/absent.pdf' WHERE id = $1`, [orphan.id]);
    const { body: orphanLink } = await request(t.http).get(`/tools/download?toolId=${orphan.id}`).expect(200);
    expect((await request(t.http).get(pathOf(orphanLink.url)).expect(404)).body).toEqual({ message: CatalogueMessages.fileMissing });
    expect((await counts(orphan.id)).count).toBe(0);
  });

  it('keeps counter and log together when the log insert fails (one transaction)', async () => {
    // A trigger that makes the counter update fail AFTER the log insert, in the same transaction.
    await t.dataSource.query(`CREATE OR REPLACE FUNCTION outils_test_fail_log() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'count refused'; END $$ LANGUAGE plpgsql`);
    await t.dataSource.query(`CREATE TRIGGER outils_test_fail_log BEFORE UPDATE OF download_count ON tool FOR EACH ROW EXECUTE FUNCTION outils_test_fail_log()`);
    try {
      const before = await counts(tool.id);
      const { body: link } = await request(t.http).get(`/tools/download?toolId=${tool.id}`).expect(200);
      const res = await request(t.http).get(pathOf(link.url));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Une erreur est survenue' });
      expect(await counts(tool.id)).toEqual(before);
    } finally {
      await t.dataSource.query(`DROP TRIGGER outils_test_fail_log ON tool`);
      await t.dataSource.query(`DROP FUNCTION outils_test_fail_log()`);
    }
  });

  it('serves public images with a long cache header, 404 for unknown ids', async () => {
    const res = await request(t.http).get(`/tools/images/${tool.imageIds[0]}`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await readFile(join(resolve(t.config.storage.dir), tool.imageKeys[0]));
    expect(Buffer.compare(res.body as Buffer, stored)).toBe(0);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fpackage.json']) {
      expect((await request(t.http).get(`/tools/images/${id}`).expect(404)).body).toEqual({ message: CatalogueMessages.imageNotFound });
    }
  });
  it('gzips a JSON listing for a client that asks, with its own strong ETag, and leaves a text file download untouched (docs/product/rules.md#R430, docs/product/rules.md#R431)', async () => {
    const csv = Buffer.from(`nom;montant\n${Array.from({ length: 200 }, (_, i) => `ligne ${i};${i * 10}`).join('\n')}\n`);
    const textTool = await createTestTool(t, { description: 'Un tableau de suivi. '.repeat(40), file: { body: csv, ext: 'csv', mime: 'text/csv' } });

    const zipped = await request(t.http).get('/api/tools').set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.headers.etag).toMatch(/^"[\w-]+-gzip"$/);
    expect(zipped.body.tools.map((x: { id: number }) => x.id)).toContain(textTool.id);
    await request(t.http).get('/api/tools').set('Accept-Encoding', 'gzip').set('If-None-Match', zipped.headers.etag as string).expect(304);

    const plain = await request(t.http).get('/api/tools').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe((zipped.headers.etag as string).replace('-gzip"', '"'));
    expect(plain.body).toEqual(zipped.body);
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));

    const { body: link } = await request(t.http).get(`/tools/download?toolId=${textTool.id}`).expect(200);
    const file = await request(t.http).get(pathOf(link.url)).set('Accept-Encoding', 'gzip').buffer(true).parse(binary).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(csv.length));
    expect(Buffer.compare(file.body as Buffer, csv)).toBe(0);
  });

  it('gzips a sheet and a member\'s listing from the bytes they keep, not through the compression middleware (docs/product/rules.md#R430, docs/product/rules.md#R431, docs/product/rules.md#R841)', async () => {
    const long = await createTestTool(t, { description: 'Une fiche assez longue pour être compressée. '.repeat(40) });

    const sheet = await request(t.http).get(`/tools/${long.id}`).set('Accept-Encoding', 'gzip').expect(200);
    expect(sheet.headers['content-encoding']).toBe('gzip');
    expect(sheet.headers.vary).toMatch(/Accept-Encoding/);
    expect(sheet.headers.etag).toMatch(/^"[\w-]+-gzip"$/);
    expect(sheet.body.tool.id).toBe(long.id);
    const plainSheet = await request(t.http).get(`/tools/${long.id}`).set('Accept-Encoding', 'identity').expect(200);
    expect(plainSheet.headers['content-encoding']).toBeUndefined();
    expect(plainSheet.body).toEqual(sheet.body);

    const mine = await request(t.http).get('/api/tools').set(member.headers).set('Accept-Encoding', 'gzip').expect(200);
    expect(mine.headers['content-encoding']).toBe('gzip');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body.tools.map((x: { id: number }) => x.id)).toContain(long.id);
  });
});
