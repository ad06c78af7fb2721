// Lint for the whole workspace. The rule that matters most is Nx's module boundaries:
// the web app never imports server code, apps never import apps, util libs import only util libs.
// It needs the Nx project graph: tools/test/static-checks.mjs computes it before linting, and
// tools/test/module-boundaries.test.mjs proves the rule reports forbidden imports.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app's import direction (bulletproof-react's): shared code (components, lib, config,
// styles) → features → app. A feature never imports another feature: pages and layouts in app/
// compose them, and what several features need lives in lib/ or components/. testing/ is the
// test harness on top (it renders the whole app); only tests import it.
const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in app/ (routes, layouts) or move what they share to lib/ or components/.',
  })),
  { target: './features', from: './app', message: 'Features do not import the app layer: the app composes the features.' },
  {
    target: ['./components', './lib', './config', './styles'],
    from: ['./features', './app'],
    message: 'Shared code (components, lib, config, styles) imports neither features nor the app: move the composition up to app/.',
  },
];
const webImportRules = (zones) => ({
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
  },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones }] },
});

// No import cycles in the server code (apps/api, apps/worker, apps/cli, apps/web-server, libs): a cycle between features or
// libs is a dependency that goes both ways. import-x needs the TypeScript parser and extensions
// and a TypeScript resolver (tsconfig paths such as @outils/contracts), or it resolves nothing and
// silently finds no cycle; tools/test/module-boundaries.test.mjs proves it reports one.
const serverNoCycle = {
  files: ['apps/api/**/*.ts', 'apps/worker/**/*.ts', 'apps/cli/**/*.ts', 'apps/web-server/**/*.ts', 'libs/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.base.json' })],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

// Nx's module boundaries (project tags in each project.json), for the TypeScript of the apps and
// libraries and for the tools' scripts alike.
const boundaries = {
  enforceBuildableLibDependency: false,
  // The bundling recipe the Node programs' tsup.config.ts share (a build file, not code of a project).
  allow: ['../../tsup.base'],
  depConstraints: [
    // The web app: the shared contracts; its renderer's reads of the API (src/app/server-api-reads.ts,
    // the server entry's alone: the rule on apps/web/src below) go through the web server's HTTP client.
    { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server-http-client'] },
    { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
    { sourceTag: 'scope:worker', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
    // The web server: the shared contracts, and of the server libraries only its configuration and its HTTP client.
    { sourceTag: 'scope:web-server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server-config', 'scope:server-http-client'] },
    { sourceTag: 'scope:cli', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
    { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
    { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
    { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
    { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing', 'type:data-access', 'type:util'] },
    { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:data-access', 'type:util'] },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/tmp/**', '**/.nx/**', '**/coverage/**', '**/*.cjs', '**/*.mjs', '**/*.js', '**/public/**',
    // The tools' plain Node scripts are linted (block below).
    '!tools/**/*.mjs', '!tools/**/*.cjs', '!.ci/*.mjs',
    // Deliberately forbidden imports, linted under other names by module-boundaries.test.mjs.
    'tools/test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', 'tools/**/*.mjs'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  serverNoCycle,
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ...webImportRules([
      ...webZones,
      { target: ['./app', './features', './components', './lib', './config'], from: './testing', message: 'Only tests import the test harness.' },
    ]),
  },
  {
    // Node's HTTP client is the renderer's, on the web server: only its reads of the API import it,
    // so that no browser module can pull node:http into the browser's bundle.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/app/server-api-reads.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@outils/server-http-client', message: 'The web server\'s HTTP client is for the renderer\'s reads only (src/app/server-api-reads.ts): the browser\'s code uses lib/api.ts.' }],
      }],
    },
  },
  {
    // Tests and the harness may import testing/, and nothing else changes for them.
    files: ['apps/web/src/**/__tests__/**', 'apps/web/src/**/*.spec.ts', 'apps/web/src/**/*.spec.tsx', 'apps/web/src/testing/**'],
    ...webImportRules(webZones),
  },
  {
    // Services hold the use cases; persistence is the repositories' (docs/architecture.md):
    // a service opens a transaction through TransactionRunner and passes its handle on.
    files: ['apps/api/src/**/*.service.ts', 'apps/worker/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'typeorm', message: 'Services do not use TypeORM: go through a repository, and TransactionRunner for a transaction.' },
          { name: '@nestjs/typeorm', message: 'Services do not inject the data source: go through a repository, and TransactionRunner for a transaction.' },
        ],
      }],
    },
  },
  {
    // The tools (tools/lib, bench, drills, start, test) and CI scripts: plain Node ESM, type-checked
    // through JSDoc by tools/tsconfig.json.
    files: ['tools/**/*.mjs', '.ci/*.mjs'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-undef': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['tools/**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // The bench's baseline does the catalogue's reads with the API's own code (its listing
    // specification and guards, listing builder, repositories and mapper: docs/performance.md), so
    // that the two servers do equal work: its one allowed reach into an app.
    files: ['tools/bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { ...boundaries, allow: [...boundaries.allow, '^(\\.\\./)+apps/api/src/(modules/tools|common/auth/auth-user|common/errors/domain-error)'] }],
    },
  },
  {
    // Tests may reach across apps (a worker test driving the API) and use test helpers.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
