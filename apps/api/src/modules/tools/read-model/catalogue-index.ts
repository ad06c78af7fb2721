import { createHash } from 'node:crypto';
import { LISTING_PAGE_SIZE, type Difficulty, type ListingFacets, type NamedRef } from '@outils/contracts';
import { strongEtag } from '../../../common/http/json-reply';
import { keptUtf8 } from '../../../common/http/kept-bytes';
import { sortedFacets } from '../search/facets';
import { toTool } from '../tool.mapper';
import type { ImageRef, ToolRow } from '../tools.repository';

/** One published tool as the read model keeps it: what filters and orders need, and its JSON. */
export interface IndexedTool {
  id: number;
  slug: string;
  /** For the suggestions under the search box (docs/product/rules.md#R602). */
  name: string;
  /** The publication date (docs/product/rules.md#R653); only published tools are indexed. */
  publishedAt: number;
  categoryId: number;
  typeId: number;
  difficulty: Difficulty | null;
  /** The tool offers an accessible document, its file or its alternative (docs/product/rules.md#R947). */
  accessible: boolean;
  isFeatured: boolean;
  /**
   * A guest's sheet as answered, `{"tool":<Tool JSON>}` with `"isFavorite":false`, in UTF-8: the one
   * copy of the tool's text the model keeps (docs/product/rules.md#R895); listings write the JSON
   * inside it.
   */
  sheet: Buffer;
  /** Where `false` of `isFavorite` starts in `sheet` (docs/product/rules.md#R301). */
  favoriteAt: number;
  /** `sheet`'s strong ETag, worked out at the sheet's first read and kept with the tool (`guestSheetEtag`). */
  sheetEtag: string | undefined;
}

export interface IndexFilters {
  categories: number[];
  types: number[];
  difficulties: Difficulty[];
  /** Only accessible documents (docs/product/rules.md#R950). */
  accessibleOnly?: boolean;
}

export interface IndexPage {
  tools: IndexedTool[];
  total: number;
}

/** A search's matches under the filters, in the search's order, and the counts of each option. */
export interface IndexSearch {
  tools: IndexedTool[];
  facets: ListingFacets;
}

const FAVORITE_MARK = ',"isFavorite":false,';
const FAVORITE_VALUE = ',"isFavorite":'.length;
const TRUE = Buffer.from('true');
const SHEET_OPEN = Buffer.from('{"tool":');
const SHEET_CLOSE = Buffer.from('}');

/** Newest publication first, id as tie-breaker: the listing's `recent` order (`tool_recent_idx`, docs/product/rules.md#R653). */
const newestFirst = (a: IndexedTool, b: IndexedTool) => b.publishedAt - a.publishedAt || b.id - a.id;

/**
 * The Tool JSON of a row, cut where `isFavorite` goes (the mapper writes the shape, rules.md#R84);
 * `withDownloadCount` for the admin listing only, which memory never answers. `keep` writes the
 * bytes: the catalogue's build packs its tools together (docs/product/rules.md#R895).
 */
export function indexedTool(
  row: ToolRow,
  images: ImageRef[],
  apiUrl: string,
  { withDownloadCount = false, keep = keptUtf8 }: { withDownloadCount?: boolean; keep?: (text: string) => Buffer } = {},
): IndexedTool {
  const tool = toTool(row, { apiUrl, images, isFavorite: false, withDownloadCount });
  const sheet = keep(`{"tool":${JSON.stringify(tool)}}`);
  // Inside a JSON text every `"` is escaped (`\"`): `,"isFavorite"` can only be the field itself.
  const cut = sheet.indexOf(FAVORITE_MARK);
  if (cut < 0) throw new Error('tool JSON without isFavorite');
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    publishedAt: new Date(row.published_at ?? row.created_at).getTime(),
    categoryId: row.category_id,
    typeId: row.type_id,
    difficulty: row.difficulty,
    // docs/product/rules.md#R947: the file or its declared alternative, as the SQL executor tells it.
    accessible: tool.documentAccessible === true,
    isFeatured: row.is_featured,
    sheet,
    favoriteAt: cut + FAVORITE_VALUE,
    sheetEtag: undefined,
  };
}

/** The tool's JSON bytes with its `isFavorite`, as parts to write one after the other (no copy of the tool's bytes). */
export function toolBytes(tool: IndexedTool, isFavorite: boolean): Buffer[] {
  const end = tool.sheet.length - SHEET_CLOSE.length;
  if (!isFavorite) return [tool.sheet.subarray(SHEET_OPEN.length, end)];
  return [tool.sheet.subarray(SHEET_OPEN.length, tool.favoriteAt), TRUE, tool.sheet.subarray(tool.favoriteAt + 'false'.length, end)];
}

/**
 * The sheet's answer `{"tool":…}`. Without the favourite: a new view of the tool's own bytes, not a
 * copy; a new Buffer all the same, so that what is kept with one answer (its gzip copy, keyed by
 * its Buffer) goes when that answer is dropped (docs/product/rules.md#R895).
 */
export function sheetBytes(tool: IndexedTool, isFavorite: boolean): Buffer {
  if (!isFavorite) return Buffer.from(tool.sheet.buffer, tool.sheet.byteOffset, tool.sheet.length);
  return Buffer.concat([SHEET_OPEN, ...toolBytes(tool, true), SHEET_CLOSE]);
}

/**
 * The strong ETag of a guest's sheet, computed once per tool (docs/product/rules.md#R897): a changed
 * tool is a new `IndexedTool`, so the tag kept with it is always its bytes'.
 */
export function guestSheetEtag(tool: IndexedTool): string {
  return (tool.sheetEtag ??= strongEtag(tool.sheet));
}

/** The tool's JSON as text (for code that reads it as a value: the open catalogue, partners' embeds, the admin's sheet). */
export const toolJson = (tool: IndexedTool, isFavorite: boolean) => Buffer.concat(toolBytes(tool, isFavorite)).toString('utf8');

/** 64 bits of a text's SHA-1, as a number to XOR. */
const hash64 = (...parts: Array<string | Buffer>) => {
  const digest = createHash('sha1');
  for (const part of parts) digest.update(part).update('\u0000');
  return digest.digest().readBigUInt64BE(0);
};
/** What a public answer can show of a tool: its JSON, its order and whether it is the tool of the month. */
const toolHash = (tool: IndexedTool) => hash64(tool.sheet, String(tool.publishedAt), tool.isFeatured ? '1' : '0');

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
  private readonly facetCache = new Map<string, ListingFacets>();
  private featuredCache: IndexedTool | null | undefined;
  /** XOR of every tool's hash: the same for the same tools, whatever the order they came in. */
  private toolsDigest = 0n;
  private taxonomyDigest = 0n;
  categories: NamedRef[] = [];
  types: NamedRef[] = [];

  constructor(private readonly maxSelections = 256) {}

  get size(): number {
    return this.order.length;
  }

  /**
   * A digest of what the catalogue's public answers show (docs/product/rules.md#R831): every
   * instance holding the same published catalogue gives the same text, and any change of a tool or
   * of the taxonomy gives another.
   */
  get version(): string {
    return `${this.taxonomyDigest.toString(16).padStart(16, '0')}${this.toolsDigest.toString(16).padStart(16, '0')}`;
  }

  /** Replaces everything (start-up, or a `*` change). */
  reset(tools: IndexedTool[], categories: NamedRef[], types: NamedRef[]): void {
    this.toolsDigest = 0n;
    this.taxonomyDigest = hash64(JSON.stringify(categories), JSON.stringify(types));
    this.order.length = 0;
    this.byId.clear();
    this.bySlug.clear();
    for (const tool of tools) {
      this.byId.set(tool.id, tool);
      this.bySlug.set(tool.slug, tool);
    }
    for (const tool of this.byId.values()) this.toolsDigest ^= toolHash(tool);
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
      this.toolsDigest ^= toolHash(old);
      this.order.splice(this.positionOf(old), 1);
      this.byId.delete(id);
      if (this.bySlug.get(old.slug) === old) this.bySlug.delete(old.slug);
    }
    if (tool) {
      this.toolsDigest ^= toolHash(tool);
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

  /**
   * The counts of each filter option (docs/product/rules.md#R606) in one pass: a tool counts for
   * a group's option when it passes the other groups' filters. `only` restricts to these ids.
   */
  facets(filters: IndexFilters, only?: ReadonlySet<number>): ListingFacets {
    if (only) return this.countFacets(filters, this.held(only));
    const key = selectionKey(filters);
    let facets = this.facetCache.get(key);
    if (!facets) {
      facets = this.countFacets(filters);
      if (this.facetCache.size >= this.maxSelections) this.facetCache.delete(this.facetCache.keys().next().value as string);
      this.facetCache.set(key, facets);
    }
    return facets;
  }

  /**
   * A search's matches (`ids`, in the search's order) under the filters, and their counts
   * (docs/product/rules.md#R606, #R611); `only` restricts to these ids (favourites). Null when an
   * id is not held: a change on its way, which the database answers instead.
   */
  searched(ids: readonly number[], filters: IndexFilters, only?: ReadonlySet<number>): IndexSearch | null {
    const matched: IndexedTool[] = [];
    for (const id of ids) {
      const tool = this.byId.get(id);
      if (!tool) return null;
      if (!only || only.has(id)) matched.push(tool);
    }
    const test = matcher(filters);
    return { tools: matched.filter(test), facets: this.countFacets(filters, matched) };
  }

  private countFacets(filters: IndexFilters, among?: Iterable<IndexedTool>): ListingFacets {
    const c = filters.categories.length ? new Set(filters.categories) : null;
    const t = filters.types.length ? new Set(filters.types) : null;
    const d = filters.difficulties.length ? new Set<string>(filters.difficulties) : null;
    const a = filters.accessibleOnly === true;
    let accessible = 0;
    const categories = new Map<number, number>();
    const types = new Map<number, number>();
    const difficulties = new Map<Difficulty, number>();
    const add = <K,>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
    const count = (tool: IndexedTool) => {
      const inC = !c || c.has(tool.categoryId);
      const inT = !t || t.has(tool.typeId);
      const inD = !d || (tool.difficulty !== null && d.has(tool.difficulty));
      if (inC && inT && inD && tool.accessible) accessible += 1;
      if (a && !tool.accessible) return;
      if (inT && inD) add(categories, tool.categoryId);
      if (inC && inD) add(types, tool.typeId);
      if (inC && inT && tool.difficulty !== null) add(difficulties, tool.difficulty);
    };
    for (const tool of among ?? this.order) count(tool);
    return sortedFacets({ categories: list(categories), types: list(types), difficulties: list(difficulties), accessible });
  }

  private *held(ids: Iterable<number>): Iterable<IndexedTool> {
    for (const id of ids) {
      const tool = this.byId.get(id);
      if (tool) yield tool;
    }
  }

  private selection(filters: IndexFilters): IndexedTool[] {
    if (!filters.categories.length && !filters.types.length && !filters.difficulties.length && !filters.accessibleOnly) return this.order;
    const key = selectionKey(filters);
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
    this.facetCache.clear();
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

function matcher({ categories, types, difficulties, accessibleOnly }: IndexFilters): (tool: IndexedTool) => boolean {
  const c = categories.length ? new Set(categories) : null;
  const t = types.length ? new Set(types) : null;
  const d = difficulties.length ? new Set<string>(difficulties) : null;
  return (tool) => (!accessibleOnly || tool.accessible) && (!c || c.has(tool.categoryId)) && (!t || t.has(tool.typeId)) && (!d || (tool.difficulty !== null && d.has(tool.difficulty)));
}

const selectionKey = (filters: IndexFilters) =>
  `${[...filters.categories].sort((a, b) => a - b)}|${[...filters.types].sort((a, b) => a - b)}|${[...filters.difficulties].sort()}|${filters.accessibleOnly ? 'a11y' : ''}`;

const list = <K,>(map: Map<K, number>) => [...map].map(([id, count]) => ({ id, count }));

