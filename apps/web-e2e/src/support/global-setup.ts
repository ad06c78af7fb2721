import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { launchBrowserServer } from './browser-server';
import { STACK_FILE, startStack } from './stack';

/** Starts the whole stack and ONE Chromium for the run; the test files connect to it. */
export default async function globalSetup() {
  const stack = await startStack();
  const globals = globalThis as Record<string, unknown>;
  globals.__OUTILS_E2E_STACK__ = stack;
  try {
    const browserServer = await launchBrowserServer();
    globals.__OUTILS_E2E_BROWSER__ = browserServer;
    mkdirSync(dirname(STACK_FILE), { recursive: true });
    writeFileSync(STACK_FILE, JSON.stringify({ ...stack.info, wsEndpoint: browserServer.wsEndpoint() }, null, 2));
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
