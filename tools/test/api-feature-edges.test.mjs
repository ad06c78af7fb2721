// @ts-check
// The API's feature folders (apps/api/src/modules/<feature>) import one another only along the
// edges listed here (docs/product/rules.md#R871), the ones docs/architecture.md draws. A new
// edge fails this check until it is added to the list and to the drawing, on purpose; an edge
// that no import uses any more fails too, so that the list and the drawing stay true.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { root } from './project-graph.mjs';

/** `from → to`: a file of feature `from` may import from feature `to`. */
export const ALLOWED_EDGES = [
  'accounts → activities', // a sign-up names an activity area that must exist
  'accounts → newsletter', // the profile's newsletter choice, and the address leaving it
  'accounts → partners', // a sign-up that came through a partner's link is credited to it (R997)
  'admin-tools → downloads', // an admin's signed link to an earlier version's file is a download link
  'admin-tools → tools', // the catalogue's taxonomy, image copies and tool existence
  'diagnostic → tools', // the advice's tool cards
  'favourites → tools', // tells the catalogue's change notification that a member's favourites changed
  'folders → tools', // a folder's tool cards
  'open-catalogue → tools', // the open catalogue reads the published tools through CatalogueRepository
  'partners → tools', // an embed's slice of the published catalogue, through CatalogueRepository
  'plan-follow-up → diagnostic', // a followed plan starts from a saved diagnostic's plan, and shows its steps as the advice's tool cards
  'seo → tools', // the catalogue's version, for the web servers' kept pages
  'tools → downloads', // the download link and the signed file under /tools/*
  'tools → partners', // a sheet opened or a file downloaded through a partner's link is credited to it (R997)
];

const MODULES = 'apps/api/src/modules';
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** @param {string} dir @returns {string[]} */
function sourcesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name)) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/**
 * The feature a file belongs to, or null outside the feature folders.
 * @param {string} modulesDir @param {string} file
 */
function featureOf(modulesDir, file) {
  const rel = relative(modulesDir, file);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0] || null;
}

/**
 * Every edge between feature folders that the sources under `modulesDir` use, with one file and
 * import for each.
 * @param {string} modulesDir
 * @param {Array<{ file: string, text: string }>} [files]
 * @returns {Map<string, string>}
 */
export function featureEdges(modulesDir, files = sourcesUnder(modulesDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }))) {
  /** @type {Map<string, string>} */
  const edges = new Map();
  for (const { file, text } of files) {
    const from = featureOf(modulesDir, file);
    if (!from) continue;
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1];
      if (!specifier.startsWith('.')) continue;
      const to = featureOf(modulesDir, resolve(dirname(file), specifier));
      if (!to || to === from) continue;
      const edge = `${from} → ${to}`;
      if (!edges.has(edge)) edges.set(edge, `${relative(root, file)} imports '${specifier}'`);
    }
  }
  return edges;
}

test('API feature folders import each other only along the listed edges', () => {
  const used = featureEdges(join(root, MODULES));
  const unlisted = [...used].filter(([edge]) => !ALLOWED_EDGES.includes(edge)).map(([edge, where]) => `${edge} (${where})`);
  assert.deepEqual(unlisted, [], 'a new edge between features: remove the import, or list the edge here and in docs/architecture.md');
  const unused = ALLOWED_EDGES.filter((edge) => !used.has(edge));
  assert.deepEqual(unused, [], 'listed edges that no import uses any more: remove them here and in docs/architecture.md');
});

test('docs/architecture.md draws every allowed edge', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  for (const edge of ALLOWED_EDGES) assert.ok(doc.includes(edge), `docs/architecture.md does not draw ${edge}`);
});

test('the check reports a new edge, dynamic and type-only imports included', () => {
  const dir = join(root, MODULES);
  const at = (/** @type {string} */ path) => join(dir, path);
  const edges = featureEdges(dir, [
    { file: at('favourites/favourites.service.ts'), text: `import { X } from '../tools/tools.repository';` },
    { file: at('seo/seo.service.ts'), text: `import type { Y } from "../site/site.service";` },
    { file: at('site/site.module.ts'), text: `const m = await import('../health/health.module');` },
    { file: at('tools/tools.service.ts'), text: `import { Z } from './search/search-plan';\nimport { W } from '../../common/errors/domain-error';` },
  ]);
  assert.deepEqual([...edges.keys()], ['favourites → tools', 'seo → site', 'site → health']);
});
