import type { AppConfig } from '@outils/server-config';
import type { TaxonomyRepository } from '../taxonomy.repository';
import type { ToolRow, ToolsRepository } from '../tools.repository';
import type { CatalogueChangesRepository } from './catalogue-changes.repository';
import { toolBytes } from './catalogue-index';
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

describe('CatalogueReadModel build (docs/product/rules.md#R874)', () => {
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
    model.onApplicationShutdown();
  });
});
