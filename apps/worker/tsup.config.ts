import { defineConfig } from 'tsup';

// Bundles the app with the workspace libs; npm packages stay external (node_modules).
// emitDecoratorMetadata in tsconfig makes tsup compile through SWC, which NestJS needs.
export default defineConfig({
  entry: { main: 'apps/worker/src/main.ts' },
  outDir: 'dist/apps/worker',
  tsconfig: 'apps/worker/tsconfig.json',
  format: ['cjs'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@outils\//],
});
