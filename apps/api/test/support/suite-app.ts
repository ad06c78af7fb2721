import { resetCatalogue } from '../factories/tool.factory';
import { createTestApp, TestApp } from '../setup/test-app';

export interface SuiteAppOptions {
  /** Configuration overrides of this suite's app (small upload limits, a metrics token…). */
  env?: Record<string, string>;
  /** Start from an empty catalogue: the suite's tool ids and counts are then its own. */
  emptyCatalogue?: boolean;
}

/**
 * The one way a suite gets its real application: started before the suite's first test (hooks
 * declared after this call see it started), closed after its last. The returned object reads the
 * live app, so tests write `t.http`, `t.dataSource`… without each suite repeating the
 * start/reset/close hooks.
 */
export function useTestApp(options: SuiteAppOptions = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(options.env);
    if (options.emptyCatalogue) await resetCatalogue(started.dataSource);
  });
  afterAll(async () => {
    await started?.close();
  });
  const live = (): TestApp => {
    if (!started) throw new Error('The suite’s app is read before its beforeAll hook has started it.');
    return started;
  };
  return {
    get app() { return live().app; },
    get http() { return live().http; },
    get config() { return live().config; },
    get dataSource() { return live().dataSource; },
    close: () => live().close(),
  };
}
