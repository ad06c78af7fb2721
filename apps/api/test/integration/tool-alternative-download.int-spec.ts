import request from 'supertest';
import { CatalogueMessages, type DocumentsAccessibilityResponse, type Tool, type ToolsResponse } from '@outils/contracts';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { binary, downloadCounts, pathOf } from '../factories/downloads';
import { createCategory, createToolType, NamedRow, recordAccessibilityCheck, recordAlternativeCheck, SAMPLE_PDF } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { adminToolUpload } from '../support/admin-tool-upload';
import { useTestApp } from '../support/suite-app';

const ALTERNATIVE = Buffer.from('Mois;Recettes;Dépenses\nJanvier;10;5\n');

/**
 * docs/product/rules.md#R945–R948: a visitor reads what the accessible alternative is, downloads it
 * through the tool's signed link (counted as a download of the tool), and a tool whose PDF fails but
 * whose alternative passes conforms for the filter, its count and the statement (RGAA 13.3).
 */
describe('catalogue: a visitor downloads the accessible version (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let admin: TestUser;
  let member: TestUser;
  let category: NamedRow;
  let type: NamedRow;
  let rescued: number;
  let failing: number;

  const { form, create } = adminToolUpload(() => t.http, () => ({ admin, typeId: type.id, categoryId: category.id }));

  beforeAll(async () => {
    category = await createCategory(t.dataSource, 'Gestion');
    type = await createToolType(t.dataSource, 'Modèle');
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    member = await createTestUser(t.dataSource);
    rescued = await create('Plan de trésorerie', SAMPLE_PDF, 'plan.pdf');
    await form('/admin/tools/update').field('toolId', String(rescued)).field('description', 'Un modèle.').attach('altFile', ALTERNATIVE, 'plan.csv').expect(200);
    failing = await create('Facture sans langue', SAMPLE_PDF, 'facture.pdf');
    await recordAccessibilityCheck(t.dataSource, rescued, 'partial');
    await recordAlternativeCheck(t.dataSource, rescued, 'accessible');
    await recordAccessibilityCheck(t.dataSource, failing, 'partial');
    await t.app.get(CatalogueReadModel).sync();
  });

  const sheet = async (id: number): Promise<Tool> => (await request(t.http).get(`/tools/${id}`).expect(200)).body.tool;
  const linkFor = async (id: number, headers: Record<string, string> = {}): Promise<string> =>
    (await request(t.http).get(`/tools/download?toolId=${id}&alternative=true`).set(headers).expect(200)).body.url;

  it('tells a visitor the alternative’s format, size and own check, and both verdicts, never its storage key', async () => {
    const tool = await sheet(rescued);
    expect(tool.alternative).toEqual({
      format: 'csv', size: ALTERNATIVE.length,
      accessibility: { outcome: 'accessible', checked: 1, checkedAt: expect.any(String), issues: [] },
    });
    // The PDF's own verdict stays the PDF's; the document conforms through its alternative.
    expect(tool.accessibility?.outcome).toBe('partial');
    expect(tool.documentAccessible).toBe(true);
    expect(tool.file).toBeUndefined();
    const key: string = (await t.dataSource.query(`SELECT alt_file_key FROM tool WHERE id = $1`, [rescued]))[0].alt_file_key;
    expect(JSON.stringify(tool)).not.toContain(key);
    const other = await sheet(failing);
    expect(other.alternative).toBeNull();
    expect(other.documentAccessible).toBe(false);
  });

  it('serves the alternative’s bytes through the signed link, counted once as a download of the tool', async () => {
    const before = await downloadCounts(t.dataSource, rescued);
    const url = await linkFor(rescued, member.headers);
    expect(new URL(url).searchParams.get('alt')).toBe('1');
    const res = await request(t.http).get(pathOf(url)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="plan-de-tresorerie-version-accessible.csv"; filename*=UTF-8''plan-de-tresorerie-version-accessible.csv`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(res.body as Buffer, ALTERNATIVE)).toBe(0);
    expect(await downloadCounts(t.dataSource, rescued)).toEqual({ count: before.count + 1, logs: before.logs + 1 });
    const logs = await t.dataSource.query(`SELECT user_id FROM download_log WHERE tool_id = $1 AND counted`, [rescued]);
    expect(logs).toContainEqual({ user_id: member.user.id });
    // The same link fetched again counts nothing more (docs/product/rules.md#R103).
    await request(t.http).get(pathOf(url)).buffer(true).parse(binary).expect(200);
    expect((await downloadCounts(t.dataSource, rescued)).count).toBe(before.count + 1);
  });

  it('refuses a tampered link with a French 403 and counts nothing', async () => {
    const before = await downloadCounts(t.dataSource, rescued);
    const alternative = new URL(await linkFor(rescued));
    alternative.searchParams.delete('alt');
    const stripped = await request(t.http).get(pathOf(alternative.toString())).set('Accept', 'application/json').expect(403);
    expect(stripped.body.message).toBe(CatalogueMessages.downloadLinkInvalid);
    const file = new URL((await request(t.http).get(`/tools/download?toolId=${rescued}`).expect(200)).body.url);
    file.searchParams.set('alt', '1');
    const added = await request(t.http).get(pathOf(file.toString())).set('Accept', 'application/json').expect(403);
    expect(added.body.message).toBe(CatalogueMessages.downloadLinkInvalid);
    expect(await downloadCounts(t.dataSource, rescued)).toEqual(before);
  });

  it('answers in French for a tool without alternative and for a malformed parameter', async () => {
    const none = await request(t.http).get(`/tools/download?toolId=${failing}&alternative=true`).expect(404);
    expect(none.body.message).toBe(CatalogueMessages.alternativeNotFound);
    const bad = await request(t.http).get(`/tools/download?toolId=${rescued}&alternative=oui`).expect(400);
    expect(bad.body.message).toBe(CatalogueMessages.invalidAlternative);
  });

  it('counts a document whose PDF fails but whose alternative passes in the filter, its count and the statement', async () => {
    const list = async (query: string): Promise<ToolsResponse> => (await request(t.http).get(`/api/tools?page=1${query}`).expect(200)).body;
    expect((await list('')).facets?.accessible).toBe(1);
    const only = await list('&accessibleOnly=true');
    expect(only.tools.map((tool) => tool.id)).toEqual([rescued]);
    expect(only.total).toBe(1);

    const statement: DocumentsAccessibilityResponse = (await request(t.http).get('/api/tools/accessibility').expect(200)).body;
    expect(statement.checked).toBe(2);
    expect(statement.nonConforming.map((doc) => doc.name)).toEqual(['Facture sans langue']);
    expect(statement.accessibleVersions).toEqual([{ name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', format: 'csv' }]);
  });

  it('stops counting the alternative once its check fails', async () => {
    await t.dataSource.query(`UPDATE tool_file_accessibility SET outcome = 'partial', failed_count = 1 WHERE tool_id = $1 AND format = 'csv'`, [rescued]);
    await t.app.get(CatalogueReadModel).sync();
    expect((await request(t.http).get('/api/tools?page=1&accessibleOnly=true').expect(200)).body.total).toBe(0);
    const statement: DocumentsAccessibilityResponse = (await request(t.http).get('/api/tools/accessibility').expect(200)).body;
    expect(statement.nonConforming.map((doc) => doc.name)).toEqual(['Facture sans langue', 'Plan de trésorerie']);
    expect(statement.accessibleVersions).toEqual([]);
  });
});
