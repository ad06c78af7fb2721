// @ts-check
// Nx plugin of this workspace: every project (a project.json) with a tsconfig.json beside it gets
// a `typecheck` target (tsc --noEmit on that tsconfig) and a `lint` target (eslint on its folder)
// unless its project.json declares them itself (project.json wins over what is inferred here).
// Their caching and inputs are in nx.json (targetDefaults). `nx run-many -t lint typecheck` and
// `nx affected -t lint typecheck test` then cover every project, including new ones.
const { existsSync } = require('node:fs');
const { dirname, join } = require('node:path');

/** @type {import('nx/src/project-graph/plugins/public-api').CreateNodes} */
const createNodes = [
  '**/project.json',
  (files, _options, context) =>
    files
      .filter((file) => existsSync(join(context.workspaceRoot, dirname(file), 'tsconfig.json')))
      .map((file) => {
        const root = dirname(file);
        return [file, {
          projects: {
            [root]: {
              targets: {
                typecheck: { executor: 'nx:run-commands', options: { command: `tsc -p ${root}/tsconfig.json --noEmit` } },
                lint: { executor: 'nx:run-commands', options: { command: `eslint ${root}` } },
              },
            },
          },
        }];
      }),
];

module.exports = { name: 'outils-lint-typecheck', createNodes };
