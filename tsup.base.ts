import { defineConfig } from 'tsup';

/**
 * The one bundling recipe of the Node programs (apps/api, apps/worker, apps/cli, apps/web-server):
 * `<project>/src/main.ts` → `dist/<project>/main.js`, CommonJS for Node 26 (the pinned Node,
 * docs/product/rules.md#R820), with source maps.
 * The workspace libs (`@outils/*`) are bundled in; npm packages stay external (node_modules),
 * unless `standalone` bundles them too (the web server, whose image has no node_modules).
 * `entries` adds files the program starts by path (the worker's isolated PDF reader).
 * emitDecoratorMetadata in the project's tsconfig makes tsup compile through SWC, which NestJS
 * and the TypeORM entities need.
 */
export function nodeProgram(
  project: string,
  { standalone = false, entries = {} }: { standalone?: boolean; entries?: Record<string, string> } = {},
) {
  return defineConfig({
    entry: { main: `${project}/src/main.ts`, ...entries },
    outDir: `dist/${project}`,
    tsconfig: `${project}/tsconfig.json`,
    format: ['cjs'],
    platform: 'node',
    target: 'node26',
    sourcemap: true,
    clean: true,
    noExternal: standalone ? [/.*/] : [/^@outils\//],
  });
}
