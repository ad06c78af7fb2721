import { relevanceOrder, type ToolRow } from '../tools.repository';
import { CatalogueIndex, indexedTool, sheetBytes, toolBytes, toolJson } from './catalogue-index';

const row = (id: number, over: Partial<ToolRow> = {}): ToolRow => ({
  id, slug: `outil-${id}`, name: `Outil « ${id} » "guillemets"`, description: 'isFavorite":false, piège', goal: null, people: null,
  duration: null, difficulty: 'Simple', created_at: new Date(Date.UTC(2026, 0, id)), published_at: new Date(Date.UTC(2026, 0, id)), is_featured: false, download_count: 0,
  type_id: 1, type_name: 'Modèle', category_id: id % 2 ? 1 : 2, category_name: 'Gestion', file_mime: 'application/pdf', file_size: 1000,
  file_pages: 2, file_updated_at: null, preview_key: null, preview_width: null, preview_height: null, ...over,
});
const tool = (id: number, over: Partial<ToolRow> = {}) => indexedTool(row(id, over), [], 'http://api');
const ids = (page: { tools: Array<{ id: number }> }) => page.tools.map((t) => t.id);

describe('CatalogueIndex (docs/product/rules.md#R300)', () => {
  it('writes the Tool JSON of the mapper with isFavorite laid over it', () => {
    const t = tool(3);
    expect(JSON.parse(toolJson(t, true))).toMatchObject({ id: 3, isFavorite: true, description: 'isFavorite":false, piège', images: [] });
    expect(JSON.parse(toolJson(t, false)).isFavorite).toBe(false);
  });

  it('answers the sheet and the listing entries from the one copy of the tool it keeps (docs/product/rules.md#R895)', () => {
    const t = tool(4, { name: 'Plan d’action « relances »' });
    const guest = sheetBytes(t, false);
    expect(guest.toString('utf8')).toBe(`{"tool":${toolJson(t, false)}}`);
    expect(guest.buffer).toBe(t.sheet.buffer);
    expect(sheetBytes(t, false)).not.toBe(guest);
    expect(JSON.parse(sheetBytes(t, true).toString('utf8')).tool).toMatchObject({ id: 4, name: 'Plan d’action « relances »', isFavorite: true });
    expect(Buffer.concat(toolBytes(t, true)).toString('utf8')).toBe(toolJson(t, true));
    expect(toolBytes(t, false).every((part) => part.buffer === t.sheet.buffer)).toBe(true);
    // A tool read on its own (patched after the build) has a block of its own and of its size (#R895).
    expect(t.sheet.buffer.byteLength).toBe(t.sheet.length);
  });

  it('gives the same version for the same catalogue, whatever the order it was built in, and another after any change (docs/product/rules.md#R831)', () => {
    const taxonomy = [[{ id: 1, name: 'A' }], [{ id: 1, name: 'T' }]] as const;
    const a = new CatalogueIndex();
    const b = new CatalogueIndex();
    a.reset([1, 2, 3].map((id) => tool(id)), [...taxonomy[0]], [...taxonomy[1]]);
    b.reset([3, 1].map((id) => tool(id)), [...taxonomy[0]], [...taxonomy[1]]);
    b.put(2, tool(2));
    expect(b.version).toBe(a.version);
    const before = a.version;
    for (const change of [{ name: 'Renommé' }, { is_featured: true }, { published_at: new Date(Date.UTC(2026, 5, 1)) }]) {
      a.put(2, tool(2, change));
      expect({ change, changed: a.version !== before }).toEqual({ change, changed: true });
      a.put(2, tool(2));
      expect(a.version).toBe(before);
    }
    a.put(2, null);
    expect(a.version).not.toBe(before);
    b.reset([1, 2, 3].map((id) => tool(id)), [{ id: 1, name: 'A renommé' }], [...taxonomy[1]]);
    expect(b.version).not.toBe(before);
  });

  it('pages newest first under filters, keeps order through put/delete, and answers the featured tool', () => {
    const index = new CatalogueIndex();
    index.reset([1, 2, 3, 4, 5].map((id) => tool(id)), [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], [{ id: 1, name: 'T' }]);
    expect(ids(index.page({ categories: [], types: [], difficulties: [] }, 1, undefined, 2))).toEqual([5, 4]);
    expect(index.page({ categories: [1], types: [], difficulties: [] }, 1)).toMatchObject({ total: 3 });
    expect(ids(index.page({ categories: [1], types: [], difficulties: [] }, 2, undefined, 2))).toEqual([1]);
    expect(index.featured()?.id).toBe(5);

    index.put(2, tool(2, { is_featured: true, name: 'Renommé', slug: 'renomme' }));
    index.put(6, tool(6, { category_id: 1 }));
    index.put(5, null);
    expect(ids(index.page({ categories: [], types: [], difficulties: [] }, 1))).toEqual([6, 4, 3, 2, 1]);
    expect(index.page({ categories: [1], types: [], difficulties: [] }, 1)).toMatchObject({ total: 3 });
    expect(index.featured()?.id).toBe(2);
    expect(index.bySlugOrNull('outil-2')).toBeNull();
    expect(index.bySlugOrNull('renomme')?.id).toBe(2);
    expect(index.byIdOrNull(5)).toBeNull();
    expect(ids(index.page({ categories: [], types: [], difficulties: ['Moyen'] }, 1))).toEqual([]);
    expect(ids(index.page({ categories: [], types: [], difficulties: [] }, 1, new Set([1, 6, 99])))).toEqual([6, 1]);
  });

  it('keeps only accessible documents when asked, and counts them ignoring that filter alone (docs/product/rules.md#R950)', () => {
    const index = new CatalogueIndex();
    const checked = new Date(Date.UTC(2026, 1, 1));
    // Tools 1, 2 and 4 accessible; 3 partial; 5 accessible but its check has no date (never: the column is required) → not counted.
    const outcome = (id: number) => (id === 3 ? 'partial' : id === 5 ? 'accessible' : id === 6 ? null : 'accessible');
    index.reset([1, 2, 3, 4, 5, 6].map((id) => tool(id, { a11y_outcome: outcome(id), a11y_checked_at: id === 5 ? null : checked })), [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], [{ id: 1, name: 'T' }]);
    const none = { categories: [], types: [], difficulties: [] };
    expect(index.facets(none).accessible).toBe(3);
    expect(ids(index.page({ ...none, accessibleOnly: true }, 1))).toEqual([4, 2, 1]);
    // The filter ticked: the topics count accessible documents only; the accessible count stays.
    expect(index.facets({ ...none, accessibleOnly: true })).toMatchObject({ categories: [{ id: 1, count: 1 }, { id: 2, count: 2 }], accessible: 3 });
    // Topic 1 ticked: the accessible count is within topic 1 (tools 1, 3, 5: only 1).
    expect(index.facets({ ...none, categories: [1] }).accessible).toBe(1);
    expect(index.searched([6, 4, 3, 1], { ...none, accessibleOnly: true })?.tools.map((t) => t.id)).toEqual([4, 1]);
  });

  it('counts each filter option ignoring its own group, and forgets the counts on a change (docs/product/rules.md#R606)', () => {
    const index = new CatalogueIndex();
    // Categories alternate 1/2 by id; tools 4 and 5 are 'Moyen', the rest 'Simple'.
    index.reset([1, 2, 3, 4, 5].map((id) => tool(id, { difficulty: id >= 4 ? 'Moyen' : 'Simple' })), [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], [{ id: 1, name: 'T' }]);
    const none = { categories: [], types: [], difficulties: [] };
    expect(index.facets(none)).toEqual({
      categories: [{ id: 1, count: 3 }, { id: 2, count: 2 }], types: [{ id: 1, count: 5 }],
      difficulties: [{ id: 'Simple', count: 3 }, { id: 'Moyen', count: 2 }], accessible: 0,
    });
    // 'Moyen' ticked: the topics count within Moyen; the difficulties still count every topic.
    const moyen = index.facets({ categories: [], types: [], difficulties: ['Moyen'] });
    expect(moyen.categories).toEqual([{ id: 1, count: 1 }, { id: 2, count: 1 }]);
    expect(moyen.difficulties).toEqual([{ id: 'Simple', count: 3 }, { id: 'Moyen', count: 2 }]);
    // Topic 1 ticked as well: the difficulties count within topic 1 (tools 1, 3, 5).
    expect(index.facets({ categories: [1], types: [], difficulties: ['Moyen'] }).difficulties).toEqual([{ id: 'Simple', count: 2 }, { id: 'Moyen', count: 1 }]);
    index.put(6, tool(6, { difficulty: 'Moyen' }));
    expect(index.facets(none).difficulties).toEqual([{ id: 'Simple', count: 3 }, { id: 'Moyen', count: 3 }]);
    // Favourites only: counted among those ids.
    expect(index.facets(none, new Set([1, 2])).categories).toEqual([{ id: 1, count: 1 }, { id: 2, count: 1 }]);
  });

  it('filters and counts a search’s matches in the search’s order; an id it does not hold gives null (docs/product/rules.md#R610, #R611)', () => {
    const index = new CatalogueIndex();
    index.reset([1, 2, 3, 4, 5].map((id) => tool(id, { difficulty: id >= 4 ? 'Moyen' : 'Simple' })), [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], [{ id: 1, name: 'T' }]);
    // Matches 1, 3, 4, 5 newest first; the newest two ranked, 4 before 5.
    const order = relevanceOrder({ ids: [5, 4, 3, 1], ranked: [4, 5] });
    expect(order).toEqual([4, 5, 3, 1]);
    const found = index.searched(order, { categories: [1], types: [], difficulties: [] });
    expect(found?.tools.map((t) => t.id)).toEqual([5, 3, 1]);
    // The topics ignore their own selection; the difficulties count within topic 1.
    expect(found?.facets.categories).toEqual([{ id: 1, count: 3 }, { id: 2, count: 1 }]);
    expect(found?.facets.difficulties).toEqual([{ id: 'Simple', count: 2 }, { id: 'Moyen', count: 1 }]);
    expect(index.searched(order, { categories: [], types: [], difficulties: [] }, new Set([3, 4]))?.tools.map((t) => t.id)).toEqual([4, 3]);
    expect(index.searched([5, 9], { categories: [], types: [], difficulties: [] })).toBeNull();
  });
});
