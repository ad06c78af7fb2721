import type { AppConfig } from '@outils/server-config';
import type { TaxonomyRepository } from '../taxonomy.repository';
import type { ToolRow, ToolsRepository } from '../tools.repository';
import type { CatalogueChangesRepository } from './catalogue-changes.repository';
import { sheetBytes, toolBytes } from './catalogue-index';
import { CatalogueReadModel, READ_MODEL_LIMITS } from './catalogue-read-model';

/** Lets the model's promise chain run between fake-timer steps. */
const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('CatalogueReadModel lifecycle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function modelOverAClosedDatabase() {
    // What a closed pool answers: every read fails.
    const publicationsDue = jest.fn().mockRejectedValue(new Error('Driver not Connected'));
    const tools = { publicationsDue, toolsWithImages: jest.fn().mockRejectedValue(new Error('Driver not Connected')) } as unknown as ToolsRepository;
    const taxonomy = { categories: jest.fn(), types: jest.fn() } as unknown as TaxonomyRepository;
    const changes = { listen: jest.fn(), notify: jest.fn() } as unknown as CatalogueChangesRepository;
    const config = { urls: { api: 'http://api.test' } } as unknown as AppConfig;
    const model = new CatalogueReadModel(tools, taxonomy, changes, config);
    jest.spyOn((model as unknown as { logger: { error: () => void } }).logger, 'error').mockImplementation(() => undefined);
    return { model, publicationsDue };
  }

  it('retries a failed rebuild every second while it is running', async () => {
    const { model, publicationsDue } = modelOverAClosedDatabase();
    model.connected();
    await flush();
    expect(publicationsDue).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3_500);
    expect(publicationsDue.mock.calls.length).toBeGreaterThanOrEqual(3);
    model.onApplicationShutdown();
  });

  it('stops retrying and reading once the application shuts down', async () => {
    const { model, publicationsDue } = modelOverAClosedDatabase();
    model.connected();
    await flush();
    model.onApplicationShutdown();
    const calls = publicationsDue.mock.calls.length;
    await jest.advanceTimersByTimeAsync(120_000);
    expect(publicationsDue).toHaveBeenCalledTimes(calls);
    expect(jest.getTimerCount()).toBe(0);
    expect(model.usable).toBe(false);
  });
});

describe('CatalogueReadModel build (docs/product/rules.md#R895)', () => {
  const row = (id: number): ToolRow => ({
    id, slug: `outil-${id}`, name: `Plan d’action n° ${id}`, description: 'Pensé pour les dirigeants « pressés »', goal: null, people: null,
    duration: null, difficulty: 'Simple', created_at: new Date(Date.UTC(2026, 0, 1, 0, id)), published_at: new Date(Date.UTC(2026, 0, 1, 0, id)),
    is_featured: false, download_count: 0, type_id: 1, type_name: 'Modèle', category_id: 1, category_name: 'Gestion', file_mime: 'application/pdf',
    file_size: 1000, file_pages: 2, file_updated_at: null, preview_key: null, preview_width: null, preview_height: null,
  }) as ToolRow;

  it('reads the catalogue in batches of ids and holds every published tool, once, as bytes', async () => {
    const count = READ_MODEL_LIMITS.buildBatch * 2 + 7;
    const all = Array.from({ length: count }, (_, i) => row(i + 1));
    const publishedAfter = jest.fn(async (afterId: number, limit: number) => {
      const rows = all.filter((r) => r.id > afterId).slice(0, limit);
      return { rows, images: rows.filter((r) => r.id % 3 === 0).map((r) => ({ id: `img-${r.id}`, tool_id: r.id })) };
    });
    const tools = {
      publicationsDue: jest.fn().mockResolvedValue({ ids: [], now: new Date(), next: null }),
      publishedAfter,
    } as unknown as ToolsRepository;
    const taxonomy = { categories: jest.fn().mockResolvedValue([{ id: 1, name: 'Gestion' }]), types: jest.fn().mockResolvedValue([{ id: 1, name: 'Modèle' }]) } as unknown as TaxonomyRepository;
    const changes = { listen: jest.fn(), notify: jest.fn() } as unknown as CatalogueChangesRepository;
    const model = new CatalogueReadModel(tools, taxonomy, changes, { urls: { api: 'http://api.test' } } as unknown as AppConfig);
    jest.spyOn((model as unknown as { logger: { log: () => void } }).logger, 'log').mockImplementation(() => undefined);
    model.connected();
    await model.settled();

    expect(publishedAfter.mock.calls).toEqual([[0, READ_MODEL_LIMITS.buildBatch], [READ_MODEL_LIMITS.buildBatch, READ_MODEL_LIMITS.buildBatch], [READ_MODEL_LIMITS.buildBatch * 2, READ_MODEL_LIMITS.buildBatch]]);
    expect(model.usable).toBe(true);
    expect(model.index.size).toBe(count);
    const held = model.index.bySlugOrNull('outil-4002');
    expect(held?.sheet).toBeInstanceOf(Buffer);
    expect(JSON.parse(Buffer.concat(toolBytes(held!, true)).toString('utf8'))).toMatchObject({
      id: 4002, name: 'Plan d’action n° 4002', isFavorite: true, images: [{ id: 'img-4002' }],
    });
    expect(JSON.parse(held!.sheet.toString('utf8'))).toMatchObject({ tool: { id: 4002, isFavorite: false, description: 'Pensé pour les dirigeants « pressés »' } });
    // The build's texts are packed in shared blocks (docs/product/rules.md#R895), each tool's bytes its own…
    const sheets = all.map((r) => model.index.bySlugOrNull(r.slug)!.sheet);
    const blocks = new Set(sheets.map((sheet) => sheet.buffer));
    expect(blocks.size).toBeLessThan(count / 50);
    expect(sheets.every((sheet, i) => JSON.parse(sheet.toString('utf8')).tool.id === i + 1)).toBe(true);
    // …and a guest's sheet kept as an answer is those bytes, not a copy of them.
    const kept = model.keep('sheet:4002', sheetBytes(held!, false), model.generation);
    expect(kept.body.buffer).toBe(held!.sheet.buffer);
    expect(kept.body.equals(held!.sheet)).toBe(true);
    model.onApplicationShutdown();
  });
});

describe('CatalogueReadModel kept answers and searches (docs/product/rules.md#R303, #R611, #R875)', () => {
  async function builtModel() {
    const tools = {
      publicationsDue: jest.fn().mockResolvedValue({ ids: [], now: new Date(), next: null }),
      publishedAfter: jest.fn().mockResolvedValue({ rows: [], images: [] }),
    } as unknown as ToolsRepository;
    const taxonomy = { categories: jest.fn().mockResolvedValue([]), types: jest.fn().mockResolvedValue([]) } as unknown as TaxonomyRepository;
    const changes = { listen: jest.fn(), notify: jest.fn() } as unknown as CatalogueChangesRepository;
    const model = new CatalogueReadModel(tools, taxonomy, changes, { urls: { api: 'http://api.test' } } as unknown as AppConfig);
    jest.spyOn((model as unknown as { logger: { log: () => void } }).logger, 'log').mockImplementation(() => undefined);
    model.connected();
    await model.settled();
    expect(model.usable).toBe(true);
    return model;
  }

  it('drops the least recently read answer first once the 32 MB are full, and keeps what is read again', async () => {
    const model = await builtModel();
    // The largest answer kept is an eighth of the bound: eight of them fill it exactly.
    const size = READ_MODEL_LIMITS.replyBytes / 8;
    const body = (n: number) => Buffer.alloc(size, n);
    for (let n = 0; n < 8; n += 1) model.keep(`answer:${n}`, body(n), model.generation);
    expect(model.kept).toMatchObject({ replies: 8, replyBytes: READ_MODEL_LIMITS.replyBytes });

    // Read again, oldest first: 0 and 2 become the most recent, 1 is now the least recently used.
    expect(model.reply('answer:0')?.body.equals(body(0))).toBe(true);
    expect(model.reply('answer:2')?.body[0]).toBe(2);
    model.keep('answer:8', body(8), model.generation);
    expect(model.reply('answer:1')).toBeUndefined();
    expect(model.reply('answer:0')?.body[0]).toBe(0);

    // Next to go: 3, then 4 (never read again), not 2 nor 0 which were read since.
    model.keep('answer:9', body(9), model.generation);
    model.keep('answer:10', body(10), model.generation);
    expect(model.reply('answer:3')).toBeUndefined();
    expect(model.reply('answer:4')).toBeUndefined();
    for (const n of [0, 2, 5, 6, 7, 8, 9, 10]) expect(model.reply(`answer:${n}`)?.body[0]).toBe(n);
    expect(model.kept).toMatchObject({ replies: 8, replyBytes: READ_MODEL_LIMITS.replyBytes });
    model.onApplicationShutdown();
  });

  it('counts an answer kept again under the same key once, and forgets every answer when the catalogue changes', async () => {
    const model = await builtModel();
    model.keep('filters', Buffer.from('{"a":1}'), model.generation);
    const again = model.keep('filters', Buffer.from('{"a":12}'), model.generation);
    expect(model.kept).toMatchObject({ replies: 1, replyBytes: 8 });
    expect(model.reply('filters')).toEqual(again);
    // Built before a change: not kept.
    const before = model.generation;
    model.disconnected();
    model.keep('featured', Buffer.from('{}'), before);
    expect(model.kept).toEqual({ replies: 0, replyBytes: 0, searches: 0, searchIds: 0 });
    model.onApplicationShutdown();
  });

  it('drops the least recently read search first once 1 000 000 ids are kept', async () => {
    const model = await builtModel();
    // The largest search kept is a quarter of the bound (its ids and one for the entry).
    const search = (n: number) => ({ plan: undefined, matches: { ids: new Array<number>(READ_MODEL_LIMITS.searchMatchIds / 4 - 1).fill(n), ranked: [] } });
    for (let n = 0; n < 4; n += 1) model.keepSearch(`mot ${n}`, search(n), model.generation);
    expect(model.kept).toMatchObject({ searches: 4, searchIds: READ_MODEL_LIMITS.searchMatchIds });
    expect(model.search('mot 0')?.matches.ids[0]).toBe(0);
    model.keepSearch('mot 4', search(4), model.generation);
    expect(model.search('mot 1')).toBeUndefined();
    for (const n of [0, 2, 3, 4]) expect(model.search(`mot ${n}`)?.matches.ids[0]).toBe(n);
    model.onApplicationShutdown();
  });
});
