import type { ToolRow } from '../tools.repository';
import { CatalogueIndex, indexedTool, toolJson } from './catalogue-index';

const row = (id: number, over: Partial<ToolRow> = {}): ToolRow => ({
  id, slug: `outil-${id}`, name: `Outil « ${id} » "guillemets"`, description: 'isFavorite":false, piège', goal: null, people: null,
  duration: null, difficulty: 'Simple', created_at: new Date(Date.UTC(2026, 0, id)), is_featured: false, download_count: 0,
  type_id: 1, type_name: 'Modèle', category_id: id % 2 ? 1 : 2, category_name: 'Gestion', ...over,
});
const tool = (id: number, over: Partial<ToolRow> = {}) => indexedTool(row(id, over), [], 'http://api');
const ids = (page: { tools: Array<{ id: number }> }) => page.tools.map((t) => t.id);

describe('CatalogueIndex (docs/product/rules.md#R300)', () => {
  it('writes the Tool JSON of the mapper with isFavorite laid over it', () => {
    const t = tool(3);
    expect(JSON.parse(toolJson(t, true))).toMatchObject({ id: 3, isFavorite: true, description: 'isFavorite":false, piège', images: [] });
    expect(JSON.parse(toolJson(t, false)).isFavorite).toBe(false);
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
});
