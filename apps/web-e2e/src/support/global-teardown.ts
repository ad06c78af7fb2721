import { rmSync } from 'node:fs';
import { RunningStack, STACK_FILE } from './stack';

export default async function globalTeardown() {
  const stack = (globalThis as Record<string, unknown>).__OUTILS_E2E_STACK__ as RunningStack | undefined;
  await stack?.stop();
  rmSync(STACK_FILE, { force: true });
}
