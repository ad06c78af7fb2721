import request from 'supertest';
import { StoragePort } from '@outils/server-storage';
import { samplePdf } from '@outils/server-documents/testing';
import { AdminToolVersionsResponse, CommonMessages, Tool, VersionLimits, VersionMessages } from '@outils/contracts';
import { binary, pathOf } from '../factories/downloads';
import { createCategory, createToolType, NamedRow } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/** docs/product/rules.md#R900–R906: versions made by a new file, kept, restored, and the links that stay. */
describe('tool versions (real PostgreSQL and storage)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let member: TestUser;
  let category: NamedRow;
  let type: NamedRow;

  beforeAll(async () => {
    category = await createCategory(t.dataSource, 'Gestion');
    type = await createToolType(t.dataSource, 'Modèle');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
  });

  const form = (path: string) => request(t.http).post(path).set(admin.headers);
  const sheet = async (id: number): Promise<Tool> => (await request(t.http).get(`/tools/${id}`).expect(200)).body.tool;
  const fetchFile = async (url: string): Promise<Buffer> => (await request(t.http).get(pathOf(url)).buffer(true).parse(binary).expect(200)).body;
  const memberLink = async (id: number): Promise<string> => (await request(t.http).get(`/tools/download?toolId=${id}`).set(member.headers).expect(200)).body.url;
  const versions = async (id: number): Promise<AdminToolVersionsResponse> =>
    (await request(t.http).get(`/admin/tools/versions?toolId=${id}`).set(admin.headers).expect(200)).body;
  const state = async (id: number) =>
    (await t.dataSource.query(`SELECT file_key, version_number, version_note, (SELECT count(*)::int FROM tool_version WHERE tool_id = $1) AS versions FROM tool WHERE id = $1`, [id]))[0];

  async function createTool(pdf: Buffer): Promise<number> {
    return (await form('/admin/tools/create')
      .field('title', `Checklist ${Math.random().toString(36).slice(2)}`).field('description', 'Une checklist.').field('type', String(type.id))
      .field('category', String(category.id)).field('difficulty', 'Simple').field('versionNote', 'Première version.')
      .attach('toolFile', pdf, 'checklist.pdf').expect(200)).body.id;
  }

  it('numbers the versions, requires « Quoi de neuf ? » for a new file (French 400, nothing changed), and makes none for text only', async () => {
    const v1 = await samplePdf({ pages: 1, firstPageText: 'Version 1' });
    const id = await createTool(v1);
    expect((await sheet(id)).download).toMatchObject({ version: 1, versionNote: 'Première version.' });
    const before = await state(id);

    const v2 = await samplePdf({ pages: 2, firstPageText: 'Version 2' });
    const missing = await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Une checklist.')
      .attach('toolFile', v2, 'checklist-v2.pdf').expect(400);
    expect(missing.body).toEqual({ errors: { versionNote: [VersionMessages.noteRequired] } });
    const tooLong = await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Une checklist.')
      .field('versionNote', 'é'.repeat(VersionLimits.noteMaxLength + 1)).attach('toolFile', v2, 'checklist-v2.pdf').expect(400);
    expect(tooLong.body).toEqual({ errors: { versionNote: [VersionMessages.noteTooLong(1000)] } });
    expect(await state(id)).toEqual(before);

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Texte seul.').field('versionNote', 'ignorée').expect(200);
    expect(await state(id)).toMatchObject({ file_key: before.file_key, version_number: 1, versions: 1 });

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Une checklist.')
      .field('versionNote', 'Deux pages.\r\nUne question en plus.').attach('toolFile', v2, 'checklist-v2.pdf').expect(200);
    expect((await sheet(id)).download).toMatchObject({ version: 2, versionNote: 'Deux pages.\nUne question en plus.', pages: 2 });
    const history = (await request(t.http).get(`/api/tools/${id}/versions`).expect(200)).body;
    expect(history).toEqual({
      current: 2,
      versions: [
        { number: 2, date: expect.any(String), note: 'Deux pages.\nUne question en plus.', restoredFrom: null },
        { number: 1, date: expect.any(String), note: 'Première version.', restoredFrom: null },
      ],
    });
  });

  it('serves a link issued before an update the version it was issued for, counts each download with its version, and restores an earlier version as a new one', async () => {
    const v1 = await samplePdf({ pages: 1, firstPageText: 'Ancienne' });
    const v2 = await samplePdf({ pages: 3, firstPageText: 'Nouvelle' });
    const id = await createTool(v1);
    const oldLink = await memberLink(id);

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Une checklist.')
      .field('versionNote', 'Trois pages.').field('minorUpdate', 'true').attach('toolFile', v2, 'v2.pdf').expect(200);
    const newVersions = async () => (await request(t.http).get('/api/user/downloads/new-versions').set(member.headers).expect(200)).body;
    expect(await newVersions()).toEqual({ tools: [] });
    // The earlier link still serves version 1 until it expires; a new one serves version 2.
    expect((await fetchFile(oldLink)).equals(v1)).toBe(true);
    // 'Mes téléchargements': the tool was downloaded before its current version (docs/product/rules.md#R917).
    expect(await newVersions()).toEqual({ tools: [{ tool: expect.objectContaining({ id }), version: 2, downloadedVersion: 1, note: 'Trois pages.' }] });
    expect((await fetchFile(await memberLink(id))).equals(v2)).toBe(true);
    expect(await newVersions()).toEqual({ tools: [] });
    const logged = await t.dataSource.query(`SELECT version_number FROM download_log WHERE tool_id = $1 AND counted ORDER BY id`, [id]);
    expect(logged).toEqual([{ version_number: 1 }, { version_number: 2 }]);

    const list = await versions(id);
    expect(list.versions.map((v) => [v.number, v.isCurrent, v.isMinor, v.downloads, v.file.name])).toEqual([
      [2, true, true, 1, 'v2.pdf'],
      [1, false, false, 1, 'checklist.pdf'],
    ]);

    // An admin downloads the earlier file through a link issued for it.
    const { body: adminLink } = await form('/admin/tools/versions/link').send({ toolId: id, number: 1 }).expect(200);
    expect((await fetchFile(adminLink.url)).equals(v1)).toBe(true);

    const restored = await form('/admin/tools/versions/restore').send({ toolId: id, number: 1 }).expect(200);
    expect(restored.body).toEqual({ message: VersionMessages.restored(1, 3), version: 3 });
    expect((await sheet(id)).download).toMatchObject({ version: 3, versionNote: VersionMessages.restoredNote(1), pages: 1 });
    expect((await fetchFile(await memberLink(id))).equals(v1)).toBe(true);
    expect((await versions(id)).versions[0]).toMatchObject({ number: 3, restoredFrom: 1, isCurrent: true, isMinor: false });

    const current = await form('/admin/tools/versions/restore').send({ toolId: id, number: 3 }).expect(400);
    expect(current.body).toEqual({ message: VersionMessages.versionAlreadyCurrent });
    const unknown = await form('/admin/tools/versions/restore').send({ toolId: id, number: 9 }).expect(404);
    expect(unknown.body).toEqual({ message: VersionMessages.versionNotFound });
    const bad = await form('/admin/tools/versions/restore').send({ toolId: id, number: 'deux' }).expect(400);
    expect(bad.body.errors.number).toEqual([VersionMessages.versionNumberInvalid]);
  });

  it('lists new tools and new versions with their notes in an Atom feed with the elements RFC 4287 requires (docs/product/rules.md#R920)', async () => {
    const id = await createTool(await samplePdf({ pages: 1, firstPageText: 'Flux' }));
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'x').field('versionNote', 'Nouveautés & <corrections>')
      .attach('toolFile', await samplePdf({ pages: 2, firstPageText: 'Flux 2' }), 'flux.pdf').expect(200);
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'x').field('versionNote', 'Coquille').field('minorUpdate', 'true')
      .attach('toolFile', await samplePdf({ pages: 2, firstPageText: 'Flux 3' }), 'flux.pdf').expect(200);
    const res = await request(t.http).get('/api/seo/flux.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = res.text;
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/);
    const head = feed.slice(0, feed.indexOf('<entry>'));
    // atom:feed MUST have exactly one id, title and updated, an author (or one in every entry), and SHOULD link to itself.
    for (const element of ['id', 'title', 'updated']) expect(head.match(new RegExp(`<${element}>[^<]+</${element}>`, 'g'))).toHaveLength(1);
    expect(head).toMatch(/<author><name>Outils<\/name>/);
    expect(head).toMatch(/<link rel="self" type="application\/atom\+xml" href="[^"]+\/flux\.xml"\/>/);
    const entries = feed.match(/<entry>[\s\S]*?<\/entry>/g)!;
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      // atom:entry MUST have one id, title, updated, and (without content) an alternate link and a summary.
      for (const element of ['id', 'title', 'updated', 'summary']) expect(entry.match(new RegExp(`<${element}>[^<]*</${element}>`, 'g'))).toHaveLength(1);
      expect(entry).toMatch(/<link rel="alternate" type="text\/html" href="[^"]+"\/>/);
      expect(entry).toMatch(/<updated>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/updated>/);
    }
    expect(feed).toContain('— version 2</title>');
    expect(feed).toContain('<summary>Quoi de neuf ? Nouveautés &amp; &lt;corrections&gt;</summary>');
    expect(feed).not.toContain('Coquille');
    expect(feed).toContain('<title>Nouvel outil : Checklist');
  });

  it('keeps the version routes for admins: 401 to a guest, 403 to a member', async () => {
    await request(t.http).get('/admin/tools/versions?toolId=1').expect(401);
    const refused = await request(t.http).post('/admin/tools/versions/restore').set(member.headers).send({ toolId: 1, number: 1 }).expect(403);
    expect(refused.body).toEqual({ message: CommonMessages.forbidden });
  });

  it('removes every version’s file from storage with the tool', async () => {
    const id = await createTool(await samplePdf({ pages: 1, firstPageText: 'A' }));
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'x').field('versionNote', 'B')
      .attach('toolFile', await samplePdf({ pages: 1, firstPageText: 'B' }), 'b.pdf').expect(200);
    const keys: Array<{ file_key: string }> = await t.dataSource.query(`SELECT file_key FROM tool_version WHERE tool_id = $1`, [id]);
    expect(keys).toHaveLength(2);
    await form('/admin/tools/delete').send({ toolId: id }).expect(200);
    const storage = t.app.get(StoragePort);
    for (const { file_key } of keys) await expect(storage.get(file_key)).rejects.toThrow();
  });
});
