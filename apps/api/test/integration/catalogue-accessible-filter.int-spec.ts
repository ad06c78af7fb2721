import request from 'supertest';
import { CatalogueMessages, type ToolsResponse } from '@outils/contracts';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { createCategory, createTestTool, createToolType, NamedRow, recordAccessibilityCheck, TestTool } from '../factories/tool.factory';
import { useTestApp } from '../support/suite-app';

/**
 * docs/product/rules.md#R950: the library's filter « Documents accessibles » (`accessibleOnly=true`)
 * and its count (`facets.accessible`), answered alike by the catalogue in memory and the database.
 */
describe('catalogue: the « Documents accessibles » filter and its count (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let gestion: NamedRow;
  let cyber: NamedRow;
  let accessible: TestTool;
  let accessibleCyber: TestTool;
  let partial: TestTool;
  let replaced: TestTool;

  beforeAll(async () => {
    gestion = await createCategory(t.dataSource, 'Gestion', 0);
    cyber = await createCategory(t.dataSource, 'Cybersécurité', 1);
    const type = await createToolType(t.dataSource, 'Modèle', 0);
    const tool = (name: string, categoryId: number) => createTestTool(t, { name, categoryId, typeId: type.id });
    accessible = await tool('Devis balisé', gestion.id);
    accessibleCyber = await tool('Charte des mots de passe', cyber.id);
    partial = await tool('Facture sans langue', gestion.id);
    replaced = await tool('Planning remplacé', gestion.id);
    await tool('Tableau jamais vérifié', gestion.id);
    const unchecked = await tool('Ancien classeur', cyber.id);
    await recordAccessibilityCheck(t.dataSource, accessible.id, 'accessible');
    await recordAccessibilityCheck(t.dataSource, accessibleCyber.id, 'accessible');
    await recordAccessibilityCheck(t.dataSource, partial.id, 'partial');
    await recordAccessibilityCheck(t.dataSource, replaced.id, 'replaced');
    await recordAccessibilityCheck(t.dataSource, unchecked.id, 'unchecked');
    await t.app.get(CatalogueReadModel).sync();
  });

  const list = async (query: string): Promise<ToolsResponse> => (await request(t.http).get(`/api/tools?page=1${query}`).expect(200)).body;
  const names = (body: ToolsResponse) => body.tools.map((tool) => tool.name).sort();

  it('lists only the tools whose current file is an accessible document (no alternative here), and counts them beside the other filters', async () => {
    const all = await list('');
    expect(all.total).toBe(6);
    expect(all.facets?.accessible).toBe(2);

    const only = await list('&accessibleOnly=true');
    expect(names(only)).toEqual(['Charte des mots de passe', 'Devis balisé']);
    expect(only.total).toBe(2);
    // The other groups count within accessible documents; the filter's own count stays.
    expect(only.facets).toMatchObject({ categories: [{ id: gestion.id, count: 1 }, { id: cyber.id, count: 1 }], accessible: 2 });
    expect(only.tools.every((tool) => tool.accessibility?.outcome === 'accessible')).toBe(true);

    // With a topic: the count is the topic's accessible documents.
    expect((await list(`&categories[]=${gestion.id}`)).facets?.accessible).toBe(1);
    expect(names(await list(`&categories[]=${gestion.id}&accessibleOnly=true`))).toEqual(['Devis balisé']);
    // With a search.
    expect(names(await list('&q=facture&accessibleOnly=true'))).toEqual([]);
    expect((await list('&q=facture')).facets?.accessible).toBe(0);
    expect(names(await list('&q=devis&accessibleOnly=1'))).toEqual(['Devis balisé']);
    // false and empty mean no filter.
    expect((await list('&accessibleOnly=false')).total).toBe(6);
  });

  it('follows a new check: a document that becomes accessible enters the filter', async () => {
    await t.dataSource.query(`UPDATE tool_file_accessibility SET outcome = 'accessible', failed_count = 0 WHERE tool_id = $1`, [partial.id]);
    await t.app.get(CatalogueReadModel).sync();
    expect(names(await list('&accessibleOnly=true'))).toEqual(['Charte des mots de passe', 'Devis balisé', 'Facture sans langue']);
    expect((await list('')).facets?.accessible).toBe(3);
  });

  it('refuses a value that is not true or false with a clear French 400', async () => {
    const res = await request(t.http).get('/api/tools?page=1&accessibleOnly=oui').expect(400);
    expect(res.body.message).toBe(CatalogueMessages.invalidAccessibleOnly);
  });
});
