import { rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import { RunningStack, STACK_FILE } from './stack';

export default async function globalTeardown() {
  const globals = globalThis as Record<string, unknown>;
  const browserServer = globals.__OUTILS_E2E_BROWSER__ as BrowserServer | undefined;
  await browserServer?.close().catch(() => undefined);
  const stack = globals.__OUTILS_E2E_STACK__ as RunningStack | undefined;
  await stack?.stop();
  rmSync(STACK_FILE, { force: true });
}
