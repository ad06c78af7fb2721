import request from 'supertest';
import { unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CatalogueMessages, FolderLimits, FolderMessages } from '@outils/contracts';
import { binary, downloadCounts, pathOf } from '../factories/downloads';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';
import { unzip } from '../factories/zip';

describe('download folders (real PostgreSQL, real disk storage)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let camille: TestUser;
  let dominique: TestUser;
  let admin: TestUser;
  let tools: TestTool[];

  beforeAll(async () => {
    await t.dataSource.query(`DELETE FROM tool_folder`);
    tools = [];
    tools.push(await createTestTool(t, { name: 'Diagnostic « Sécurité » de l’entreprise' }));
    tools.push(await createTestTool(t, { name: 'Tableau de trésorerie', file: { body: Buffer.from('mois;solde\njanvier;1200\n'), ext: 'csv', mime: 'text/csv' } }));
    tools.push(await createTestTool(t, { name: 'Diagnostic « Sécurité » de l’entreprise !' }));
    tools.push(await createTestTool(t, { name: 'Outil bientôt retiré' }));
    camille = await createTestUser(t.dataSource);
    dominique = await createTestUser(t.dataSource);
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  });

  const post = (user: TestUser, path: string, body: object = {}) => request(t.http).post(path).set(user.headers).send(body);
  const get = (user: TestUser, path: string) => request(t.http).get(path).set(user.headers);
  const createFolder = async (user: TestUser, name: string, extra: object = {}) =>
    (await post(user, '/api/folders/create', { name, ...extra }).expect(200)).body.folder;
  const tableCounts = async () => {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM tool_folder) AS folders, (SELECT count(*)::int FROM tool_folder_item) AS items`,
    );
    return row as { folders: number; items: number };
  };
  const counts = (toolId: number) => downloadCounts(t.dataSource, toolId);

  it('creates, lists, renames and deletes a member’s folders, with a first tool and a description', async () => {
    const folder = await createFolder(camille, '  Mes outils RH  ', { description: 'Pour l’arrivée des salariés', toolId: tools[0].id });
    expect(folder).toMatchObject({ name: 'Mes outils RH', description: 'Pour l’arrivée des salariés', toolIds: [tools[0].id], itemCount: 1, shareToken: null, isKit: false });
    expect(folder.items).toHaveLength(1);
    expect(folder.items[0]).toMatchObject({ toolId: tools[0].id, name: tools[0].name, tool: { id: tools[0].id, slug: tools[0].slug } });
    expect(folder.totalSize).toBeGreaterThan(0);

    const renamed = (await post(camille, `/api/folders/${folder.id}/update`, { name: 'Ressources humaines', description: '' }).expect(200)).body.folder;
    expect(renamed).toMatchObject({ name: 'Ressources humaines', description: null });
    const list = (await get(camille, '/api/folders').expect(200)).body.folders;
    expect(list.map((f: { name: string }) => f.name)).toEqual(['Ressources humaines']);
    expect((await get(dominique, '/api/folders').expect(200)).body.folders).toEqual([]);

    await post(camille, `/api/folders/${folder.id}/delete`).expect(200, { success: true });
    expect((await get(camille, '/api/folders').expect(200)).body.folders).toEqual([]);
    expect(await tableCounts()).toEqual({ folders: 0, items: 0 });
  });

  it('adds tools idempotently at the end, reorders them, removes one', async () => {
    const folder = await createFolder(camille, 'Ordre');
    for (const tool of [tools[0], tools[1], tools[2], tools[1]]) await post(camille, `/api/folders/${folder.id}/tools/add`, { toolId: tool.id }).expect(200);
    expect((await get(camille, `/api/folders/${folder.id}`).expect(200)).body.folder.toolIds).toEqual([tools[0].id, tools[1].id, tools[2].id]);

    const reordered = (await post(camille, `/api/folders/${folder.id}/order`, { toolIds: [tools[2].id, tools[0].id, tools[1].id] }).expect(200)).body.folder;
    expect(reordered.items.map((i: { toolId: number }) => i.toolId)).toEqual([tools[2].id, tools[0].id, tools[1].id]);

    // An order that is not exactly the folder's tools is refused and changes nothing.
    for (const toolIds of [[tools[2].id, tools[0].id], [tools[2].id, tools[0].id, tools[1].id, tools[3].id], [tools[2].id, tools[2].id, tools[1].id]]) {
      expect((await post(camille, `/api/folders/${folder.id}/order`, { toolIds }).expect(400)).body).toEqual({ message: FolderMessages.invalidOrder });
    }
    expect((await post(camille, `/api/folders/${folder.id}/order`, { toolIds: 'abc' }).expect(400)).body.errors.toolIds).toContain(FolderMessages.invalidOrder);

    const removed = (await post(camille, `/api/folders/${folder.id}/tools/remove`, { toolId: tools[0].id }).expect(200)).body.folder;
    expect(removed.toolIds).toEqual([tools[2].id, tools[1].id]);
    expect((await post(camille, `/api/folders/${folder.id}/tools/remove`, { toolId: tools[0].id }).expect(404)).body).toEqual({ message: FolderMessages.toolNotInFolder });
    expect((await post(camille, `/api/folders/${folder.id}/tools/add`, { toolId: 999999 }).expect(404)).body).toEqual({ message: CatalogueMessages.toolNotFound });
    await post(camille, `/api/folders/${folder.id}/delete`).expect(200);
  });

  it('answers 404 for another member’s folder on every route, and changes nothing', async () => {
    const folder = await createFolder(camille, 'Privé', { toolId: tools[0].id });
    const before = await tableCounts();
    const message = { message: FolderMessages.folderNotFound };
    expect((await get(dominique, `/api/folders/${folder.id}`).expect(404)).body).toEqual(message);
    expect((await get(dominique, `/api/folders/${folder.id}/download`).expect(404)).body).toEqual(message);
    for (const [path, body] of [
      ['update', { name: 'Volé' }], ['delete', {}], ['tools/add', { toolId: tools[1].id }], ['tools/remove', { toolId: tools[0].id }],
      ['order', { toolIds: [tools[0].id] }], ['share', {}], ['unshare', {}],
    ] as const) {
      expect((await post(dominique, `/api/folders/${folder.id}/${path}`, body).expect(404)).body).toEqual(message);
    }
    expect((await get(dominique, '/api/folders/not-a-uuid').expect(404)).body).toEqual(message);
    expect(await tableCounts()).toEqual(before);
    const mine = (await get(camille, `/api/folders/${folder.id}`).expect(200)).body.folder;
    expect(mine).toMatchObject({ name: 'Privé', toolIds: [tools[0].id], shareToken: null });
    await request(t.http).get(`/api/folders/${folder.id}`).expect(401);
    await post(camille, `/api/folders/${folder.id}/delete`).expect(200);
  });

  it('refuses past the limits with a French 400, changing nothing', async () => {
    const values = Array.from({ length: FolderLimits.foldersPerMember }, (_, i) => `($1, 'Dossier ${i}')`).join(', ');
    await t.dataSource.query(`INSERT INTO tool_folder (user_id, name) VALUES ${values}`, [dominique.user.id]);
    expect((await post(dominique, '/api/folders/create', { name: 'Un de trop' }).expect(400)).body).toEqual({ message: FolderMessages.tooManyFolders });
    expect((await get(dominique, '/api/folders').expect(200)).body.folders).toHaveLength(FolderLimits.foldersPerMember);

    const [full] = (await get(dominique, '/api/folders').expect(200)).body.folders;
    // 50 items, straight in the database (tool ids need not differ for the count: deleted tools).
    await t.dataSource.query(
      `INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position) SELECT $1, NULL, 'Ancien outil', g FROM generate_series(0, $2 - 1) g`,
      [full.id, FolderLimits.toolsPerFolder],
    );
    expect((await post(dominique, `/api/folders/${full.id}/tools/add`, { toolId: tools[0].id }).expect(400)).body).toEqual({ message: FolderMessages.folderFull });
    expect((await get(dominique, `/api/folders/${full.id}`).expect(200)).body.folder.itemCount).toBe(FolderLimits.toolsPerFolder);

    const bad = async (body: object) => (await post(camille, '/api/folders/create', body).expect(400)).body.errors;
    expect((await bad({})).name).toContain(FolderMessages.nameRequired);
    expect((await bad({ name: '   ' })).name).toContain(FolderMessages.nameRequired);
    expect((await bad({ name: 'x'.repeat(81) })).name).toContain(FolderMessages.nameTooLong);
    expect((await bad({ name: 'a\u0007b' })).name).toContain(FolderMessages.invalidText);
    expect((await bad({ name: 'Ok', description: 'd'.repeat(301) })).description).toContain(FolderMessages.descriptionTooLong);
    expect((await bad({ name: 'Ok', toolId: 'abc' })).toolId).toContain(CatalogueMessages.invalidToolId);
    expect((await get(camille, '/api/folders').expect(200)).body.folders).toEqual([]);
    await t.dataSource.query(`DELETE FROM tool_folder WHERE user_id = $1`, [dominique.user.id]);
  });

  it('shares with an unguessable link that a visitor can open, and revokes it', async () => {
    const folder = await createFolder(camille, 'À partager', { toolId: tools[0].id });
    const shared = (await post(camille, `/api/folders/${folder.id}/share`).expect(200)).body.folder;
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = (await post(camille, `/api/folders/${folder.id}/share`).expect(200)).body.folder;
    expect(again.shareToken).toBe(shared.shareToken);

    const view = (await request(t.http).get(`/api/shared-folders/${shared.shareToken}`).expect(200)).body.folder;
    expect(view).toMatchObject({ name: 'À partager', isKit: false, items: [{ toolId: tools[0].id, name: tools[0].name }] });
    expect(view).not.toHaveProperty('id');
    const { body: link } = await request(t.http).get(`/api/shared-folders/${shared.shareToken}/download`).expect(200);
    expect(link.url).toMatch(/\/folders\/zip\?folderId=.+&s=1&n=[\w-]{16}&signature=[\w-]{43}$/);

    await post(camille, `/api/folders/${folder.id}/unshare`).expect(200);
    expect((await request(t.http).get(`/api/shared-folders/${shared.shareToken}`).expect(404)).body).toEqual({ message: FolderMessages.sharedFolderNotFound });
    // A link handed out before the revocation no longer works.
    expect((await request(t.http).get(pathOf(link.url)).expect(403)).body).toEqual({ message: FolderMessages.zipLinkInvalid });
    const reshared = (await post(camille, `/api/folders/${folder.id}/share`).expect(200)).body.folder;
    expect(reshared.shareToken).not.toBe(shared.shareToken);
    await request(t.http).get(`/api/shared-folders/${shared.shareToken}`).expect(404);
    await request(t.http).get(`/api/shared-folders/${'x'.repeat(43)}`).expect(404);
    await post(camille, `/api/folders/${folder.id}/delete`).expect(200);
  });

  it('lets an admin mark a public folder as a kit, listed for everyone; members cannot', async () => {
    const folder = await createFolder(admin, 'Démarrer sa transformation numérique', { description: 'Les premiers outils', toolId: tools[0].id });
    expect((await post(admin, `/api/folders/${folder.id}/kit`, { isKit: true }).expect(400)).body).toEqual({ message: FolderMessages.kitNeedsShare });
    const { shareToken } = (await post(admin, `/api/folders/${folder.id}/share`).expect(200)).body.folder;
    expect((await post(admin, `/api/folders/${folder.id}/kit`, { isKit: true }).expect(200)).body.folder.isKit).toBe(true);
    expect((await request(t.http).get('/api/kits').expect(200)).body).toEqual({
      kits: [{ name: 'Démarrer sa transformation numérique', description: 'Les premiers outils', shareToken, toolCount: 1 }],
    });
    const own = await createFolder(camille, 'Le mien');
    await post(camille, `/api/folders/${own.id}/share`).expect(200);
    await post(camille, `/api/folders/${own.id}/kit`, { isKit: true }).expect(403);
    // Revoking the link takes the kit off the list.
    await post(admin, `/api/folders/${folder.id}/unshare`).expect(200);
    expect((await request(t.http).get('/api/kits').expect(200)).body).toEqual({ kits: [] });
    await post(admin, `/api/folders/${folder.id}/delete`).expect(200);
    await post(camille, `/api/folders/${own.id}/delete`).expect(200);
  });

  it('streams a ZIP named after the folder with each tool named after it, the README, and one download per tool', async () => {
    const folder = await createFolder(camille, 'Kit « Démarrage » 2026 / RH', { description: 'Pour bien commencer' });
    for (const tool of [tools[1], tools[0], tools[2], tools[3]]) await post(camille, `/api/folders/${folder.id}/tools/add`, { toolId: tool.id }).expect(200);
    // A deleted tool and a file missing from storage: the rest still downloads and the README says so.
    await t.dataSource.query(`DELETE FROM tool WHERE id = $1`, [tools[3].id]);
    const storageRoot = resolve(t.config.storage.dir);
    await unlink(join(storageRoot, tools[2].fileKey));
    const before = await Promise.all([tools[0], tools[1], tools[2]].map((tool) => counts(tool.id)));

    const { body: link } = await get(camille, `/api/folders/${folder.id}/download`).expect(200);
    expect(link.url).toContain(`&u=${camille.user.id}`);
    expect(await counts(tools[0].id)).toEqual(before[0]);
    await request(t.http).head(pathOf(link.url)).expect(200);
    expect(await counts(tools[0].id)).toEqual(before[0]);

    const res = await request(t.http).get(pathOf(link.url)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kit-demarrage-2026-rh.zip"; filename*=UTF-8''kit-demarrage-2026-rh.zip`);
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual(['LISEZ-MOI.txt', '01-tableau-de-tresorerie.csv', '02-diagnostic-securite-de-l-entreprise.pdf']);
    expect(entries.get('01-tableau-de-tresorerie.csv')!.toString()).toBe('mois;solde\njanvier;1200\n');
    expect(entries.get('02-diagnostic-securite-de-l-entreprise.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    const readme = entries.get('LISEZ-MOI.txt')!.toString('utf8');
    expect(readme).toContain('Dossier « Kit « Démarrage » 2026 / RH »');
    expect(readme).toContain('Pour bien commencer');
    expect(readme).toContain(`Fiche : http://localhost:4299/toolspage/${tools[1].slug}`);
    expect(readme).toContain(`Fiche : http://localhost:4299/toolspage/${tools[0].slug}`);
    expect(readme).toMatch(/Publié le \d{2}\/\d{2}\/\d{4}, mis à jour le \d{2}\/\d{2}\/\d{4}/);
    expect(readme).toContain('Outils absents de ce téléchargement (2)');
    expect(readme).toContain(`- ${tools[2].name} : son fichier est momentanément indisponible.`);
    expect(readme).toContain('- Outil bientôt retiré : cet outil a été retiré du catalogue.');

    // One download per tool served, logged with the member; none for the missing file.
    expect(await counts(tools[1].id)).toEqual({ count: before[1].count + 1, logs: before[1].logs + 1 });
    expect(await counts(tools[0].id)).toEqual({ count: before[0].count + 1, logs: before[0].logs + 1 });
    expect(await counts(tools[2].id)).toEqual(before[2]);
    const logs = await t.dataSource.query(`SELECT DISTINCT user_id, email FROM download_log WHERE tool_id = ANY($1::int[])`, [[tools[0].id, tools[1].id]]);
    expect(logs).toEqual([{ user_id: camille.user.id, email: camille.email }]);

    // The same link fetched again is served but not counted again.
    await request(t.http).get(pathOf(link.url)).buffer(true).parse(binary).expect(200);
    expect(await counts(tools[0].id)).toEqual({ count: before[0].count + 1, logs: before[0].logs + 1 });
  });

  it('refuses a tampered, foreign or empty folder’s ZIP link in French', async () => {
    const folder = await createFolder(camille, 'Vide');
    expect((await get(camille, `/api/folders/${folder.id}/download`).expect(400)).body).toEqual({ message: FolderMessages.folderEmpty });
    await post(camille, `/api/folders/${folder.id}/tools/add`, { toolId: tools[0].id }).expect(200);
    const { body: link } = await get(camille, `/api/folders/${folder.id}/download`).expect(200);
    const url = new URL(link.url);
    url.searchParams.set('u', dominique.user.id);
    expect((await request(t.http).get(pathOf(url.toString())).expect(403)).body).toEqual({ message: FolderMessages.zipLinkInvalid });
    url.searchParams.set('u', camille.user.id);
    url.searchParams.set('s', '1');
    await request(t.http).get(pathOf(url.toString())).expect(403);
    await request(t.http).get('/folders/zip?folderId=abc').expect(403);
  });
});
