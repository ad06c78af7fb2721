import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { STACK_FILE, startStack } from './stack';

export default async function globalSetup() {
  const stack = await startStack();
  (globalThis as Record<string, unknown>).__OUTILS_E2E_STACK__ = stack;
  mkdirSync(dirname(STACK_FILE), { recursive: true });
  writeFileSync(STACK_FILE, JSON.stringify(stack.info, null, 2));
}
