import { DIFFICULTIES, type Difficulty } from '@outils/contracts';
import type { ListingOrder } from '../../src/modules/tools/tools.repository';
import { ListingResult, ListingSpec } from '../../src/modules/tools/listing/listing-spec';
import { MemoryListing } from '../../src/modules/tools/listing/memory-listing';
import { SqlListing } from '../../src/modules/tools/listing/sql-listing';
import { toolJson } from '../../src/modules/tools/read-model/catalogue-index';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { createCategory, createTestTool, createToolType, recordAccessibilityCheck, recordAlternativeCheck, resetCatalogue } from '../factories/tool.factory';
import { createTestUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * The listing has two executors, the database (`SqlListing`) and the catalogue in memory
 * (`MemoryListing`); they must give the same answers to the same specification
 * (docs/product/rules.md#R872). A seeded random catalogue (drafts, scheduled tools, ties of
 * downloads and durations, images, favourites) and random specifications (filters, searches with
 * beginnings, typos and exclusions, every order, pages, favourites) run through both against a
 * real PostgreSQL. `LISTING_SEED=<n>` replays another draw.
 */
const SEED = Number(process.env.LISTING_SEED ?? 20261127);
const SPECS = 250;
const WORDS = ['facture', 'trésorerie', 'sécurité', 'client', 'devis', 'marketing', 'réseaux', 'budget', 'planning', 'contrat', 'recrutement', 'prospection'];

/** mulberry32: a small seeded generator, so that a failing draw can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(list: readonly T[]): T => list[int(list.length)];
  const some = <T,>(list: readonly T[], chance: number): T[] => list.filter(() => next() < chance);
  return { next, int, pick, some };
}

/** A search text: a word, its beginning, a typo, two words, an exclusion, or no word at all. */
function searchText(r: ReturnType<typeof generator>): string | undefined {
  const word = r.pick(WORDS);
  switch (r.int(8)) {
    case 0: return word;
    case 1: return word.slice(0, 3 + r.int(3));
    case 2: return `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    case 3: return `${word} ${r.pick(WORDS)}`;
    case 4: return `${word} -${r.pick(WORDS)}`;
    case 5: return '« !! »';
    default: return undefined;
  }
}

const summary = (result: ListingResult | null) =>
  result && { ids: result.tools.map((t) => t.id), json: result.tools.map((t) => toolJson(t, false)), total: result.total, facets: result.facets };

describe(`the listing's two executors give the same answers (seed ${SEED}, real PostgreSQL)`, () => {
  let t: TestApp;
  let memberId: string;
  const categories: number[] = [];
  const types: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await resetCatalogue(t.dataSource);
    const r = generator(SEED);
    for (let i = 0; i < 4; i += 1) categories.push((await createCategory(t.dataSource)).id);
    for (let i = 0; i < 3; i += 1) types.push((await createToolType(t.dataSource)).id);
    const member = await createTestUser(t.dataSource);
    memberId = member.user.id;
    const now = Math.floor(Date.now() / 1000) * 1000;
    const toolIds: number[] = [];
    for (let i = 0; i < 90; i += 1) {
      const words = [r.pick(WORDS), r.pick(WORDS), r.pick(WORDS)];
      const state = r.int(10);
      const tool = await createTestTool(t, {
        name: `${words[0]} ${words[1]} ${i}`,
        description: `Un outil sur ${words.join(', ')}.`,
        categoryId: r.pick(categories),
        typeId: r.pick(types),
        difficulty: r.next() < 0.1 ? null : r.pick(DIFFICULTIES),
        duration: r.pick([null, 0.5, 1, 1, 2, 3]),
        downloadCount: r.int(4),
        isFeatured: r.next() < 0.05,
        images: r.int(3),
        // Whole seconds, some equal: the order's ties are broken by id alone.
        createdAt: new Date(now - r.int(40) * 3_600_000),
        isDraft: state === 0,
        publishAt: state === 1 ? new Date(now + 86_400_000) : null,
      });
      toolIds.push(tool.id);
    }
    for (const id of toolIds.filter(() => r.next() < 0.3)) {
      await t.dataSource.query(`INSERT INTO favorite (user_id, tool_id) VALUES ($1, $2)`, [memberId, id]);
    }
    // docs/product/rules.md#R950: checks of the current file (accessible, partial, unchecked) and of a replaced file.
    for (const id of toolIds) {
      const outcome = r.pick([null, 'accessible', 'accessible', 'partial', 'unchecked', 'replaced'] as const);
      if (outcome) await recordAccessibilityCheck(t.dataSource, id, outcome);
      // docs/product/rules.md#R947: some declare an alternative, accessible or not, checked or not yet.
      const alternative = r.pick(['none', 'none', 'accessible', 'partial', 'unchecked'] as const);
      if (alternative !== 'none') await recordAlternativeCheck(t.dataSource, id, alternative === 'unchecked' ? null : alternative);
    }
    await t.app.get(CatalogueReadModel).sync();
  }, 120_000);
  afterAll(async () => {
    await resetCatalogue(t.dataSource);
    await t.close();
  });

  it(`answers ${SPECS} random listing specifications identically`, async () => {
    expect(t.app.get(CatalogueReadModel).usable).toBe(true);
    const sql = t.app.get(SqlListing);
    const memory = t.app.get(MemoryListing);
    const r = generator(SEED + 1);
    let nonEmpty = 0;
    let accessibleSeen = 0;
    for (let i = 0; i < SPECS; i += 1) {
      const spec: ListingSpec = {
        categories: r.some(categories, 0.25),
        types: r.some(types, 0.25),
        difficulties: r.some(DIFFICULTIES, 0.2) as Difficulty[],
        accessibleOnly: r.next() < 0.3,
        favoritesOf: r.next() < 0.2 ? memberId : undefined,
        q: searchText(r),
        sort: r.pick<ListingOrder | undefined>([undefined, 'recent', 'popular', 'shortest', 'relevance']),
        page: 1 + r.int(3),
        pageSize: r.pick([12, 5]),
        admin: false,
      };
      const fromDatabase = await sql.list(spec);
      const fromMemory = await memory.list(spec);
      // The spec is in both sides, so that a difference names it.
      expect({ spec, answer: summary(fromMemory) }).toEqual({ spec, answer: summary(fromDatabase) });
      if (fromDatabase.tools.length > 0) nonEmpty += 1;
      if (spec.accessibleOnly && fromDatabase.tools.length > 0) accessibleSeen += 1;
    }
    // The draw exercises the executors: most pages hold tools.
    expect(nonEmpty).toBeGreaterThan(SPECS / 3);
    expect(accessibleSeen).toBeGreaterThan(5);
    // 2 × SPECS reads on a machine that may run other suites: a limit for a stuck test, not a speed target.
  }, 180_000);
});
