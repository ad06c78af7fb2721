import type { AppConfig } from '@outils/server-config';
import type { TaxonomyRepository } from '../taxonomy.repository';
import type { ToolsRepository } from '../tools.repository';
import type { CatalogueChangesRepository } from './catalogue-changes.repository';
import { CatalogueReadModel } from './catalogue-read-model';

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
