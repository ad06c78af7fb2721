import { LISTING_PAGE_SIZE, type Difficulty, type NamedRef } from '@outils/contracts';
import { toTool } from '../tool.mapper';
import type { ImageRef, ToolRow } from '../tools.repository';

/** One published tool as the read model keeps it: what filters and orders need, and its JSON. */
export interface IndexedTool {
  id: number;
  slug: string;
  createdAt: number;
  categoryId: number;
  typeId: number;
  difficulty: Difficulty | null;
  isFeatured: boolean;
  /** The Tool JSON cut around `isFavorite` (docs/product/rules.md#R301): `${before}${true|false}${after}`. */
  before: string;
  after: string;
}

export interface IndexFilters {
  categories: number[];
  types: number[];
  difficulties: Difficulty[];
}

export interface IndexPage {
  tools: IndexedTool[];
  total: number;
}

const FAVORITE_MARK = ',"isFavorite":false,';

/** Newest first, id as tie-breaker: the listing's `recent` order (`tool_recent_idx`). */
const newestFirst = (a: IndexedTool, b: IndexedTool) => b.createdAt - a.createdAt || b.id - a.id;

/** The Tool JSON of a row, cut where `isFavorite` goes (the mapper writes the shape, rules.md#R84). */
export function indexedTool(row: ToolRow, images: ImageRef[], apiUrl: string): IndexedTool {
  const json = JSON.stringify(toTool(row, { apiUrl, images, isFavorite: false }));
  const cut = json.indexOf(FAVORITE_MARK);
  if (cut < 0) throw new Error('tool JSON without isFavorite');
  return {
    id: row.id,
    slug: row.slug,
    createdAt: new Date(row.created_at).getTime(),
    categoryId: row.category_id,
    typeId: row.type_id,
    difficulty: row.difficulty,
    isFeatured: row.is_featured,
    before: `${json.slice(0, cut)},"isFavorite":`,
    after: json.slice(cut + FAVORITE_MARK.length - 1),
  };
}

export const toolJson = (tool: IndexedTool, isFavorite: boolean) => `${tool.before}${isFavorite ? 'true' : 'false'}${tool.after}`;

/**
 * The published catalogue in memory (docs/product/rules.md#R300): every tool in listing order,
 * by id and by slug, with the filter lists. Pure data, no I/O: the service feeds it rows.
 * A filter combination's matches are computed once and kept (at most `maxSelections` of them)
 * until the next change; a page is then a slice, whatever its depth.
 */
export class CatalogueIndex {
  private readonly order: IndexedTool[] = [];
  private readonly byId = new Map<number, IndexedTool>();
  private readonly bySlug = new Map<string, IndexedTool>();
  private readonly selections = new Map<string, IndexedTool[]>();
  private featuredCache: IndexedTool | null | undefined;
  categories: NamedRef[] = [];
  types: NamedRef[] = [];

  constructor(private readonly maxSelections = 256) {}

  get size(): number {
    return this.order.length;
  }

  /** Replaces everything (start-up, or a `*` change). */
  reset(tools: IndexedTool[], categories: NamedRef[], types: NamedRef[]): void {
    this.order.length = 0;
    this.byId.clear();
    this.bySlug.clear();
    for (const tool of tools) {
      this.byId.set(tool.id, tool);
      this.bySlug.set(tool.slug, tool);
    }
    this.order.push(...this.byId.values());
    this.order.sort(newestFirst);
    this.categories = categories;
    this.types = types;
    this.changed();
  }

  /** A tool created or changed (null: deleted). */
  put(id: number, tool: IndexedTool | null): void {
    const old = this.byId.get(id);
    if (old) {
      this.order.splice(this.positionOf(old), 1);
      this.byId.delete(id);
      if (this.bySlug.get(old.slug) === old) this.bySlug.delete(old.slug);
    }
    if (tool) {
      this.order.splice(this.insertionPoint(tool), 0, tool);
      this.byId.set(id, tool);
      this.bySlug.set(tool.slug, tool);
    }
    this.changed();
  }

  byIdOrNull(id: number): IndexedTool | null {
    return this.byId.get(id) ?? null;
  }

  bySlugOrNull(slug: string): IndexedTool | null {
    return this.bySlug.get(slug) ?? null;
  }

  /** The newest tool flagged as tool of the month, else the newest tool (rules of `findFeatured`). */
  featured(): IndexedTool | null {
    if (this.featuredCache === undefined) this.featuredCache = this.order.find((t) => t.isFeatured) ?? this.order[0] ?? null;
    return this.featuredCache;
  }

  hasCategory(id: number): boolean {
    return this.categories.some((c) => c.id === id);
  }

  hasType(id: number): boolean {
    return this.types.some((t) => t.id === id);
  }

  /** A page of the `recent` order under the filters; `only` restricts to these ids (favourites). */
  page(filters: IndexFilters, page: number, only?: ReadonlySet<number>, pageSize = LISTING_PAGE_SIZE): IndexPage {
    const matches = only ? this.restricted(filters, only) : this.selection(filters);
    const start = (page - 1) * pageSize;
    return { tools: matches.slice(start, start + pageSize), total: matches.length };
  }

  private selection(filters: IndexFilters): IndexedTool[] {
    if (!filters.categories.length && !filters.types.length && !filters.difficulties.length) return this.order;
    const key = `${[...filters.categories].sort((a, b) => a - b)}|${[...filters.types].sort((a, b) => a - b)}|${[...filters.difficulties].sort()}`;
    let matches = this.selections.get(key);
    if (!matches) {
      const test = matcher(filters);
      matches = this.order.filter(test);
      if (this.selections.size >= this.maxSelections) this.selections.delete(this.selections.keys().next().value as string);
      this.selections.set(key, matches);
    }
    return matches;
  }

  private restricted(filters: IndexFilters, only: ReadonlySet<number>): IndexedTool[] {
    const test = matcher(filters);
    const out: IndexedTool[] = [];
    for (const id of only) {
      const tool = this.byId.get(id);
      if (tool && test(tool)) out.push(tool);
    }
    return out.sort(newestFirst);
  }

  private changed(): void {
    this.selections.clear();
    this.featuredCache = undefined;
  }

  private positionOf(tool: IndexedTool): number {
    const at = this.insertionPoint(tool);
    // insertionPoint finds the first entry not newer than `tool`: `tool` itself.
    if (this.order[at] === tool) return at;
    return this.order.indexOf(tool);
  }

  /** Binary search: the first position whose entry does not come before `tool`. */
  private insertionPoint(tool: IndexedTool): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newestFirst(this.order[mid], tool) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function matcher({ categories, types, difficulties }: IndexFilters): (tool: IndexedTool) => boolean {
  const c = categories.length ? new Set(categories) : null;
  const t = types.length ? new Set(types) : null;
  const d = difficulties.length ? new Set<string>(difficulties) : null;
  return (tool) => (!c || c.has(tool.categoryId)) && (!t || t.has(tool.typeId)) && (!d || (tool.difficulty !== null && d.has(tool.difficulty)));
}
