import { defineConfig } from 'tsup';

// Same recipe as the apps: the workspace libs are bundled, npm packages stay external.
// emitDecoratorMetadata in tsconfig makes tsup compile through SWC (TypeORM entities need it).
export default defineConfig({
  entry: { main: 'tools/cli/src/main.ts' },
  outDir: 'dist/tools/cli',
  tsconfig: 'tools/cli/tsconfig.json',
  format: ['cjs'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@outils\//],
});
