import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LRUCache } from 'lru-cache';
import { strongEtag } from '../../../common/http/json-reply';
import { keptCopy, PackedTexts } from '../../../common/http/kept-bytes';
import { TaxonomyRepository } from '../taxonomy.repository';
import type { SearchPlan } from '../search/search-plan';
import { ImageRef, SearchMatchIds, ToolsRepository } from '../tools.repository';
import { CatalogueChange, CatalogueChangesRepository, ChangeListener } from './catalogue-changes.repository';
import { CatalogueIndex, IndexedTool, indexedTool } from './catalogue-index';

/** A public answer kept as bytes, with its strong ETag (docs/product/rules.md#R305). */
export interface CachedReply {
  body: Buffer;
  etag: string;
}

/** A search text's plan and every public tool it matches (docs/product/rules.md#R611); no plan: no word. */
export interface KeptSearch {
  plan: SearchPlan | undefined;
  matches: SearchMatchIds;
}

/** Bounds (docs/product/rules.md#R303). */
export const READ_MODEL_LIMITS = {
  /** Bytes of guest answers kept (listing pages, sheets, searches…), oldest dropped first. */
  replyBytes: 32 * 1024 * 1024,
  /** Members whose favourite ids are kept for the isFavorite overlay. */
  favoriteUsers: 10_000,
  /** Filter combinations whose matches are kept. */
  selections: 256,
  /** Ids of search matches kept, all searches together (docs/product/rules.md#R611), oldest dropped first. */
  searchMatchIds: 1_000_000,
  /** Longest wait between two looks at the schedule of publications (docs/product/rules.md#R652). */
  publicationCheckMs: 60_000,
  /** Tools read per query while the model is built (docs/product/rules.md#R895). */
  buildBatch: 5_000,
} as const;

/** What a kept search counts against its bound (docs/product/rules.md#R611): its ids, and one for the entry. */
const searchSize = (kept: KeptSearch) => kept.matches.ids.length + kept.matches.ranked.length + 1;

/**
 * Entries bounded by a total size, least recently used dropped first (docs/product/rules.md#R303,
 * #R611), where a hit costs the same whatever the number of entries (docs/product/rules.md#R875):
 * `lru-cache` keeps the order as a linked list of slots, so a hit moves two links, where a `Map`
 * re-inserted at each hit is rebuilt as its deleted slots pile up (about its size per hit).
 */
function sizedLru<V extends object>(maxSize: number, size: (value: V) => number): LRUCache<string, V> {
  // lru-cache counts sizes as positive integers; an empty body still takes an entry.
  return new LRUCache<string, V>({ maxSize, sizeCalculation: (value) => Math.max(1, size(value)) });
}

/**
 * The published catalogue in memory (docs/product/rules.md#R300–R303), one per API instance:
 * built at start-up, patched tool by tool when the triggers of the catalogue say what changed
 * (`LISTEN catalogue_changed`, every instance within a second), rebuilt when the listening
 * connection comes back. Until it is built, and while the connection is lost, `usable` is false
 * and the service answers from the database as before: never a stale answer for lack of news.
 *
 * Changes are applied one at a time, in the order they arrive, each reading the committed state
 * after its notification; a writer's own change comes through `CatalogueChangesRepository.committed`,
 * which it awaits before answering (read-your-write). Writers never call the model.
 *
 * Only published tools are held (docs/product/rules.md#R651). A scheduled tool becomes public
 * without any write, so no notification says it: each instance keeps a timer set for the next
 * moment of publication (and never more than a minute away), then patches in the tools whose
 * moment passed since its last look (docs/product/rules.md#R652).
 */
@Injectable()
export class CatalogueReadModel implements ChangeListener, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueReadModel');
  readonly index = new CatalogueIndex(READ_MODEL_LIMITS.selections);
  private built = false;
  private live = false;
  private chain: Promise<void> = Promise.resolve();
  /** Guest answers by key, bounded by their bytes; cleared by every change of the catalogue. */
  private readonly replies = sizedLru<CachedReply>(READ_MODEL_LIMITS.replyBytes, (reply) => reply.body.length);
  /** Search matches by search text, bounded by their ids; cleared by every change of the catalogue, like the replies. */
  private readonly searches = sizedLru<KeptSearch>(READ_MODEL_LIMITS.searchMatchIds, searchSize);
  private readonly favorites = new Map<string, ReadonlySet<number>>();
  private favoriteGeneration = 0;
  private readonly instance = randomUUID();
  private syncs = 0;
  private readonly barriers = new Map<string, () => void>();
  private rebuildQueued = false;
  /** The database's time of the last look at the schedule; the next look starts from there. */
  private publicationsSince: Date | null = null;
  private publicationTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly tools: ToolsRepository,
    private readonly taxonomy: TaxonomyRepository,
    private readonly changes: CatalogueChangesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.changes.listen(this);
  }

  onApplicationShutdown(): void {
    // A closed instance stops for good: no retry, no publication timer, nothing read from a
    // database whose pool is gone (the listener, stopping too, does not call `disconnected`).
    this.live = false;
    if (this.publicationTimer) clearTimeout(this.publicationTimer);
    this.publicationTimer = null;
  }

  /** Looks at the schedule now (tests and tools; the timer does it by itself). */
  checkPublications(): Promise<void> {
    return this.enqueue(() => this.publishDue());
  }

  /** Answers may come from memory. */
  get usable(): boolean {
    return this.built && this.live;
  }

  /** Resolves once the model is built (or at once if it cannot be); tests and the bench wait on it. */
  async settled(): Promise<void> {
    await this.chain;
  }

  // --- ChangeListener -------------------------------------------------------------------------

  connected(): void {
    this.live = true;
    void this.queueRebuild();
  }

  disconnected(): void {
    this.live = false;
    this.favorites.clear();
    this.clearReplies();
  }

  change(change: CatalogueChange): Promise<void> {
    if (change.kind === 'sync') {
      const done = this.barriers.get(change.token);
      return done ? this.enqueue(async () => done()) : Promise.resolve();
    }
    if (change.kind === 'favorites') {
      this.favoriteGeneration += 1;
      for (const id of change.userIds) this.favorites.delete(id);
      return Promise.resolve();
    }
    if (change.kind === 'all') return this.queueRebuild();
    return this.enqueue(() => this.reload(change.ids));
  }

  /**
   * Resolves once this instance has applied every change committed before the call (a barrier
   * notification comes back after them: PostgreSQL delivers in commit order). For tests that
   * write with SQL and read at once, and for tools that need the same.
   */
  async sync(): Promise<void> {
    if (!this.live) return this.settled();
    const token = `${this.instance}:${++this.syncs}`;
    const arrived = new Promise<void>((resolve) => this.barriers.set(token, resolve));
    try {
      if (!(await this.changes.notify(`sync:${token}`))) return await this.settled();
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    } finally {
      this.barriers.delete(token);
    }
  }

  // --- reads ------------------------------------------------------------------------------------

  /** A kept guest answer; the hit becomes the most recently used (docs/product/rules.md#R875). */
  reply(key: string): CachedReply | undefined {
    return this.replies.get(key);
  }

  /**
   * Keeps a guest answer built at `generation` (dropped if the catalogue changed meanwhile, or
   * while the model is not usable: no news of changes then); `etag` when it is known already.
   */
  keep(key: string, body: Buffer, generation: number, etag = strongEtag(body)): CachedReply {
    if (generation !== this.generation || !this.usable || body.length > READ_MODEL_LIMITS.replyBytes / 8) return { body, etag };
    // Never a slice of a block that only this answer would keep alive (#R895).
    const reply = { body: keptCopy(body), etag };
    // The least recently used answers are dropped until it fits (docs/product/rules.md#R303).
    this.replies.set(key, reply);
    return reply;
  }

  /** The plan and matches of a search text, kept until the catalogue changes (docs/product/rules.md#R611, #R875). */
  search(key: string): KeptSearch | undefined {
    return this.searches.get(key);
  }

  /** Keeps a search's matches read at `generation` (dropped if the catalogue changed meanwhile). */
  keepSearch(key: string, kept: KeptSearch, generation: number): void {
    if (generation !== this.generation || !this.usable || searchSize(kept) > READ_MODEL_LIMITS.searchMatchIds / 4) return;
    this.searches.set(key, kept);
  }

  /** What the kept answers and searches hold now, counted against their bounds (docs/product/rules.md#R303, #R611). */
  get kept(): { replies: number; replyBytes: number; searches: number; searchIds: number } {
    return { replies: this.replies.size, replyBytes: this.replies.calculatedSize, searches: this.searches.size, searchIds: this.searches.calculatedSize };
  }

  /** Bumped by every change; an answer computed across a change is not kept. */
  generation = 0;

  /**
   * The published catalogue's version, for the web servers' kept pages (docs/product/rules.md#R831):
   * a digest of what public answers show, the same on every instance holding the same catalogue
   * (a web server behind several instances sees one version); `null` while this copy may lag
   * behind the database (not built, not listening).
   */
  get version(): string | null {
    return this.usable ? this.index.version : null;
  }

  /** The member's favourite tool ids when memory holds them now (no query); undefined otherwise. */
  knownFavoritesOf(userId: string): ReadonlySet<number> | undefined {
    return this.live ? this.favorites.get(userId) : undefined;
  }

  /** The member's favourite tool ids (one query, then memory until they change). */
  async favoritesOf(userId: string): Promise<ReadonlySet<number>> {
    const known = this.favorites.get(userId);
    if (known) return known;
    const generation = this.favoriteGeneration;
    const ids = await this.tools.allFavoriteIds(userId);
    if (generation === this.favoriteGeneration && this.live) {
      if (this.favorites.size >= READ_MODEL_LIMITS.favoriteUsers) this.favorites.delete(this.favorites.keys().next().value as string);
      this.favorites.set(userId, ids);
    }
    return ids;
  }

  // --- internals --------------------------------------------------------------------------------

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.chain.then(work).catch((error: unknown) => {
      // A failed reload leaves the model unusable until the next full rebuild succeeds.
      this.built = false;
      this.clearReplies();
      this.logger.error(`catalogue read model: ${(error as Error).message}`);
      if (this.live) setTimeout(() => this.live && this.queueRebuild(), 1_000).unref();
    });
    this.chain = next;
    return next;
  }

  /** One rebuild waiting is enough: it starts after every change notified so far and reads them all. */
  private queueRebuild(): Promise<void> {
    if (this.rebuildQueued) return this.chain;
    this.rebuildQueued = true;
    return this.enqueue(async () => {
      this.rebuildQueued = false;
      await this.rebuild();
    });
  }

  private async rebuild(): Promise<void> {
    if (!this.live) return;
    const started = Date.now();
    // The clock is read before the tools: a tool published in between is read again, never missed.
    const clock = await this.tools.publicationsDue(null);
    const [categories, types] = await Promise.all([this.taxonomy.categories(), this.taxonomy.types()]);
    // In batches (docs/product/rules.md#R895): only one batch's rows are alive at a time, so the
    // build's garbage does not grow the heap by the whole catalogue's rows. A tool changed between
    // two batches is read again by its own notification, applied after the build.
    const tools: IndexedTool[] = [];
    // The build's tools live and die together: their texts are packed in shared blocks (#R895).
    // A tool patched later gets a block of its own, so a block outlives its tools by one build at most.
    const packed = new PackedTexts();
    const keep = (text: string) => packed.utf8(text);
    for (let afterId = 0; ; ) {
      const { rows, images } = await this.tools.publishedAfter(afterId, READ_MODEL_LIMITS.buildBatch);
      const imagesByTool = groupImages(images);
      for (const row of rows) tools.push(indexedTool(row, imagesByTool.get(row.id) ?? [], this.config.urls.api, { keep }));
      if (rows.length < READ_MODEL_LIMITS.buildBatch) break;
      afterId = rows[rows.length - 1].id;
    }
    this.index.reset(tools, categories, types);
    this.favorites.clear();
    this.afterChange();
    this.built = true;
    this.publicationsSince = clock.now;
    this.planPublications(clock);
    this.logger.log(`catalogue read model: ${tools.length} tools in ${Date.now() - started} ms`);
  }

  private async reload(ids: number[]): Promise<void> {
    if (!this.built) return this.rebuild();
    await this.putTools(ids);
    // A change may have scheduled a tool sooner than the timer's next look.
    await this.publishDue();
  }

  /** Patches in the tools whose moment of publication passed since the last look; plans the next. */
  private async publishDue(): Promise<void> {
    if (!this.built || !this.live) return;
    const due = await this.tools.publicationsDue(this.publicationsSince);
    this.publicationsSince = due.now;
    if (due.ids.length > 0) await this.putTools(due.ids);
    this.planPublications(due);
  }

  private planPublications({ now, next }: { now: Date; next: Date | null }): void {
    if (this.publicationTimer) clearTimeout(this.publicationTimer);
    this.publicationTimer = null;
    // A look that was under way when the instance closed plans nothing.
    if (!this.live) return;
    const max = READ_MODEL_LIMITS.publicationCheckMs;
    // A few milliseconds past the moment, so that it has come for the database too.
    const wait = next ? Math.min(Math.max(next.getTime() - now.getTime() + 5, 0), max) : max;
    this.publicationTimer = setTimeout(() => {
      this.publicationTimer = null;
      if (this.live) void this.enqueue(() => this.publishDue());
    }, wait);
    this.publicationTimer.unref();
  }

  private async putTools(ids: number[]): Promise<void> {
    const { rows, images } = await this.tools.toolsWithImages(ids);
    const imagesByTool = groupImages(images);
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = found.get(id);
      this.index.put(id, row ? indexedTool(row, imagesByTool.get(id) ?? [], this.config.urls.api) : null);
    }
    this.afterChange();
  }

  private afterChange(): void {
    this.generation += 1;
    this.clearReplies();
  }

  private clearReplies(): void {
    this.replies.clear();
    this.searches.clear();
  }
}

function groupImages(images: ImageRef[]): Map<number, ImageRef[]> {
  const out = new Map<number, ImageRef[]>();
  for (const image of images) {
    const list = out.get(image.tool_id);
    if (list) list.push(image);
    else out.set(image.tool_id, [image]);
  }
  return out;
}
