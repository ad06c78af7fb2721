import { Injectable } from '@nestjs/common';
import { CatalogueMessages, DIFFICULTIES } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { NotFoundError } from '../../common/errors/domain-error';
import { compressible } from '../../common/http/compression';
import { strongEtag } from '../../common/http/json-reply';
import { guestSheetEtag, IndexedTool, sheetBytes, toolBytes, toolJson } from './read-model/catalogue-index';
import { CatalogueRepository } from './catalogue.repository';
import type { ToolsQueryDto } from './dto/tools-query.dto';
import { assertKnownFilters, lastPageOf, listingKey, listingSpec, ListingSpec } from './listing/listing-spec';
import { ToolSearchService } from './search/tool-search.service';

/**
 * A JSON answer as bytes. `shared`: the same for every guest, so it carries a strong ETag and
 * may be kept by a shared cache (docs/product/rules.md#R305); otherwise it is a member's own.
 */
export interface JsonReply {
  body: Buffer;
  etag?: string;
  shared: boolean;
}

const NONE: ReadonlySet<number> = new Set();
/** As many query strings as the validated queries kept per read (docs/product/rules.md#R837). */
const KEPT_QUERY_STRINGS = 500;

/**
 * The catalogue's public reads: filters, listing, suggestions, tool of the month and sheets
 * (docs/product/rules.md#R300). The listing is one specification (`listing-spec.ts`) with its
 * guards, answered by `CatalogueRepository`; a guest's answer is kept as bytes until the
 * catalogue changes, a member's is the same page with `isFavorite` laid over it (#R301).
 */
@Injectable()
export class PublicReadsService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly search: ToolSearchService,
  ) {}

  private readonly inFlight = new Map<string, Promise<JsonReply>>();

  async filters(): Promise<JsonReply> {
    return this.kept('filters', async () => {
      const { categories, types } = await this.catalogue.filterLists();
      return JSON.stringify({ categories, types, difficulties: DIFFICULTIES.map((d) => ({ id: d, name: d })) });
    });
  }

  /**
   * `guestQuery`: the query string as sent, when the request carried no credential; once its
   * answer is kept, the next guest asking the same string is answered by `keptListing` before
   * the route (docs/product/rules.md#R841).
   */
  async list(query: ToolsQueryDto, caller: AuthUser | undefined, guestQuery?: string): Promise<JsonReply> {
    const spec = listingSpec(query, caller);
    assertKnownFilters(spec, await this.catalogue.filterLists());
    const favorites = caller ? await this.catalogue.favoritesOf(caller.id) : NONE;
    // Popular pages follow download counts, which change without a notification: never kept.
    if (caller || spec.sort === 'popular') return this.page(spec, caller, favorites, this.catalogue.generation);
    const key = listingKey(spec);
    if (guestQuery !== undefined) this.rememberListingKey(guestQuery, { key, spec });
    const hit = this.catalogue.reply(key);
    if (hit) return { ...hit, shared: true };
    return this.once(key, (generation) => this.page(spec, caller, favorites, generation, key));
  }

  // --- kept answers, for a guest's read answered before the route (docs/product/rules.md#R841) ---

  /** The current kept listing of a query string the route validated and answered for a guest. */
  keptListing(queryString: string): JsonReply | undefined {
    const known = this.listingKeys.get(queryString);
    return known === undefined ? undefined : this.keptReply(known.key);
  }

  /**
   * A member's listing for a query string the route validated and answered to a guest
   * (docs/product/rules.md#R843): the same page with the member's own `isFavorite`, built for them
   * and never kept. Undefined — the route answers — unless the catalogue and the member's
   * favourite ids are in memory now; `member` is the caller the session cache vouches for.
   */
  memberListing(queryString: string, member: AuthUser): JsonReply | Promise<JsonReply> | undefined {
    const known = this.listingKeys.get(queryString);
    if (known === undefined || member.isAdmin) return undefined;
    const favorites = this.catalogue.knownFavoritesOf(member.id);
    if (!favorites) return undefined;
    // The guest's kept bytes of the same page with the member's stars set (docs/product/rules.md#R863).
    const kept = this.catalogue.reply(known.key);
    const starred = kept && withFavorites(kept.body, favorites);
    if (starred) return mine(starred);
    return this.page(known.spec, member, favorites, this.catalogue.generation);
  }

  keptFilters(): JsonReply | undefined {
    return this.keptReply('filters');
  }

  keptFeatured(): JsonReply | undefined {
    return this.keptReply('featured');
  }

  /**
   * A published tool's sheet for a guest, whether its answer is still kept or not
   * (docs/product/rules.md#R897): the tool is in memory, so its answer is built here at once,
   * instead of going through the route for it. `gzipAccepted`: the request's `Accept-Encoding` takes gzip.
   */
  keptSheet(idOrSlug: string, gzipAccepted: boolean): JsonReply | undefined {
    const tool = this.catalogue.publishedInMemory(idOrSlug);
    return tool ? this.guestSheet(tool, gzipAccepted) : undefined;
  }

  /**
   * Its plain bytes are the tool's own, with the tag kept with the tool: nothing to keep, nothing
   * to drop (docs/product/rules.md#R897). A gzip copy is made once and kept with a kept answer, by
   * tool id (its address by id and by slug share one answer, one ETag), within the kept answers'
   * bound; built and kept in one synchronous step, so at the generation the tool was read at.
   */
  private guestSheet(tool: IndexedTool, gzipAccepted: boolean): JsonReply {
    if (!gzipAccepted || !compressible(tool.sheet.length)) return { body: sheetBytes(tool, false), etag: guestSheetEtag(tool), shared: true };
    const key = `sheet:${tool.id}`;
    const hit = this.catalogue.reply(key);
    if (hit) return { ...hit, shared: true };
    return { ...this.catalogue.keep(key, sheetBytes(tool, false), this.catalogue.generation, guestSheetEtag(tool)), shared: true };
  }

  private keptReply(key: string): JsonReply | undefined {
    const hit = this.catalogue.reply(key);
    return hit ? { ...hit, shared: true } : undefined;
  }

  /**
   * Query strings as sent → their listing's key and specification (a guest's: the same for a
   * member, as no kept query string names the caller); the last KEPT_QUERY_STRINGS distinct ones.
   */
  private readonly listingKeys = new Map<string, { key: string; spec: ListingSpec }>();
  private rememberListingKey(queryString: string, known: { key: string; spec: ListingSpec }): void {
    if (this.listingKeys.get(queryString)?.key === known.key) return;
    this.listingKeys.delete(queryString);
    if (this.listingKeys.size >= KEPT_QUERY_STRINGS) this.listingKeys.delete(this.listingKeys.keys().next().value as string);
    this.listingKeys.set(queryString, known);
  }

  /**
   * Suggestions under the search box (docs/product/rules.md#R602): the same for everyone, kept
   * like a guest's answer until the catalogue changes.
   */
  async suggestions(text: string): Promise<JsonReply> {
    const key = `suggest:${text}`;
    const hit = this.catalogue.reply(key);
    if (hit) return { ...hit, shared: true };
    return this.once(key, async (generation) => {
      const { categories } = await this.catalogue.filterLists();
      const answer = await this.search.suggestions(text, categories, this.catalogue.bestMatches(generation));
      return { ...this.catalogue.keep(key, Buffer.from(JSON.stringify(answer)), generation), shared: true };
    });
  }

  async featured(caller: AuthUser | undefined): Promise<JsonReply> {
    const favorites = caller ? await this.catalogue.favoritesOf(caller.id) : NONE;
    const tool = await this.catalogue.featured();
    const body = (isFavorite: boolean) => (tool ? sheetBytes(tool, isFavorite) : Buffer.from('{"tool":null}'));
    if (!caller) return this.kept('featured', async () => body(false));
    return { body: body(tool !== null && favorites.has(tool.id)), shared: false };
  }

  /** Admins also get `file`, and the sheet of a draft or scheduled tool (its preview, docs/product/rules.md#R656). */
  async sheet(idOrSlug: string, caller: AuthUser | undefined, gzipAccepted: boolean): Promise<JsonReply> {
    const admin = caller?.isAdmin === true;
    const held = caller ? null : this.catalogue.publishedInMemory(idOrSlug);
    if (held) return this.guestSheet(held, gzipAccepted);
    const generation = this.catalogue.generation;
    const favorites = caller ? await this.catalogue.favoritesOf(caller.id) : NONE;
    const found = await this.catalogue.sheet(idOrSlug, admin);
    if (!found) throw new NotFoundError(CatalogueMessages.toolNotFound);
    if ('url' in found) return caller ? mine(JSON.stringify(found)) : shared(JSON.stringify(found));
    const isFavorite = favorites.has(found.id);
    if (!caller) return { ...this.catalogue.keep(`sheet:${found.id}`, sheetBytes(found.tool, isFavorite), generation), shared: true };
    if (!admin) return { body: sheetBytes(found.tool, isFavorite), shared: false };
    // The admin's edit form shows the current file; visitors never see upload names.
    const file = (await this.catalogue.fileInfo(found.id)) ?? undefined;
    return mine(JSON.stringify({ tool: { ...JSON.parse(toolJson(found.tool, isFavorite)), file } }));
  }

  private async page(spec: ListingSpec, caller: AuthUser | undefined, favorites: ReadonlySet<number>, generation: number, key?: string): Promise<JsonReply> {
    const { tools, total, facets } = await this.catalogue.list(spec, generation);
    const parts: Buffer[] = [TOOLS_OPEN];
    tools.forEach((t: IndexedTool, i) => parts.push(...(i ? [COMMA] : []), ...toolBytes(t, favorites.has(t.id))));
    parts.push(Buffer.from(`],"page":${spec.page},"lastPage":${lastPageOf(total, spec.pageSize)},"total":${total},"facets":${facetsJson(facets)}}`));
    const body = Buffer.concat(parts);
    if (caller) return { body, shared: false };
    return key ? { ...this.catalogue.keep(key, body, generation), shared: true } : { body, etag: strongEtag(body), shared: true };
  }

  /**
   * Guests asking for the same answer while it is being computed share that computation (one set
   * of queries for a burst of identical searches, not one per request). Keyed by the catalogue's
   * generation too: a request that arrives after a change never gets an answer begun before it.
   */
  private once(key: string, compute: (generation: number) => Promise<JsonReply>): Promise<JsonReply> {
    const generation = this.catalogue.generation;
    const flightKey = `${generation}:${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) return running;
    const promise = compute(generation).finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, promise);
    return promise;
  }

  /** A guest answer that depends on the catalogue only: kept until it changes. */
  private async kept(key: string, build: () => Promise<string | Buffer>): Promise<JsonReply> {
    const hit = this.catalogue.reply(key);
    if (hit) return { ...hit, shared: true };
    const generation = this.catalogue.generation;
    const body = await build();
    return { ...this.catalogue.keep(key, typeof body === 'string' ? Buffer.from(body) : body, generation), shared: true };
  }
}

/**
 * The read model keeps one facets object per filter combination until the catalogue changes, and
 * every member's page of that combination shows it: serialised once per object, forgotten with it.
 */
const serialisedFacets = new WeakMap<object, string>();
function facetsJson(facets: object): string {
  let json = serialisedFacets.get(facets);
  if (json === undefined) {
    json = JSON.stringify(facets);
    serialisedFacets.set(facets, json);
  }
  return json;
}

const TOOLS_OPEN = Buffer.from('{"tools":[');
const COMMA = Buffer.from(',');

/**
 * Where each tool's `isFavorite` is in a guest's listing bytes, in page order: the tool's id and
 * the offset of its `false`. Found once per kept body (a body is kept until the catalogue
 * changes) and forgotten with it; null when the body does not read as one listing page, whose
 * every tool has exactly one (the field is written by `toolJson`, and no string value can hold the
 * quoted name followed by a colon without escaping its quotes).
 */
const favoriteSlots = new WeakMap<Buffer, { ids: number[]; offsets: number[] } | null>();
const FAVORITE_FALSE = Buffer.from('"isFavorite":false');
const TRUE = Buffer.from('true');

function slotsOf(body: Buffer): { ids: number[]; offsets: number[] } | null {
  let slots = favoriteSlots.get(body);
  if (slots !== undefined) return slots;
  slots = null;
  try {
    const tools = (JSON.parse(body.toString('utf8')) as { tools?: Array<{ id?: unknown }> }).tools;
    const offsets: number[] = [];
    for (let at = body.indexOf(FAVORITE_FALSE); at !== -1; at = body.indexOf(FAVORITE_FALSE, at + 1)) offsets.push(at + FAVORITE_FALSE.length - 5);
    if (Array.isArray(tools) && tools.every((t) => typeof t.id === 'number') && offsets.length === tools.length) {
      slots = { ids: tools.map((t) => t.id as number), offsets };
    }
  } catch {
    slots = null;
  }
  favoriteSlots.set(body, slots);
  return slots;
}

/**
 * A guest's listing bytes with `isFavorite` true for the member's favourites
 * (docs/product/rules.md#R863): the very same bytes when none of the page is one, else the page
 * spliced around each star; undefined when the body cannot be read so (the page is built instead).
 */
export function withFavorites(body: Buffer, favorites: ReadonlySet<number>): Buffer | undefined {
  const slots = slotsOf(body);
  if (!slots) return undefined;
  const parts: Buffer[] = [];
  let from = 0;
  slots.ids.forEach((id, i) => {
    if (!favorites.has(id)) return;
    parts.push(body.subarray(from, slots.offsets[i]), TRUE);
    from = slots.offsets[i] + 5;
  });
  if (parts.length === 0) return body;
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

function shared(json: string): JsonReply {
  const body = Buffer.from(json);
  return { body, etag: strongEtag(body), shared: true };
}

const mine = (json: string | Buffer): JsonReply => ({ body: typeof json === 'string' ? Buffer.from(json) : json, shared: false });
