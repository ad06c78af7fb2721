import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANDING_PAGES, ROUTE_PRELOADS_FILE, routePreloads } from './route-preloads';

const ROOT = '/app/apps/web/';

type GenerateBundle = { generateBundle: (this: unknown, options: unknown, bundle: unknown) => void };

/** A bundle as Vite hands it to the plugin: an entry, a shared card, one chunk per landing page. */
function bundle() {
  const chunk = (fileName: string, module: string | null) => ({ type: 'chunk' as const, fileName, facadeModuleId: module && `${ROOT}${module}` });
  const chunks = [
    chunk('assets/index-1.js', 'src/main.tsx'),
    chunk('assets/card-1.js', null),
    ...LANDING_PAGES.map(({ module }, i) => chunk(`assets/page-${i}.js`, module)),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

/** Runs the written script for `path`; returns the links it adds to the head. */
function linksFor(script: string, path: string) {
  const added: Array<{ rel: string; href: string; crossOrigin: string | null }> = [];
  const document = { createElement: () => ({}), head: { appendChild: (link: (typeof added)[number]) => added.push(link) } };
  new Function('location', 'document', script)({ pathname: path }, document);
  return added;
}

describe('route preloads (docs/product/rules.md#R711)', () => {
  let script = '';
  beforeAll(() => {
    const plugin = routePreloads(ROOT) as unknown as GenerateBundle;
    const context = {
      emitFile: ({ fileName, source }: { fileName: string; source: string }) => {
        expect(fileName).toBe(ROUTE_PRELOADS_FILE);
        script = source;
      },
      error: (message: string) => { throw new Error(message); },
    };
    plugin.generateBundle.call(context, {}, bundle());
  });

  it('asks for a sheet\'s own chunk, on its three addresses, with crossorigin like Vite', () => {
    const sheet = LANDING_PAGES.findIndex((page) => page.module.endsWith('tool-sheet.tsx'));
    for (const path of ['/toolspage/kit-rgpd', '/toolspage/details/12', '/tools/12']) {
      expect(linksFor(script, path)).toEqual([{ rel: 'modulepreload', href: `/assets/page-${sheet}.js`, crossOrigin: '' }]);
    }
  });

  it('preloads the home page on / and the library on /toolspage, and nothing for pages that are not landing pages', () => {
    const home = LANDING_PAGES.findIndex((page) => page.module.endsWith('home.tsx'));
    const library = LANDING_PAGES.findIndex((page) => page.module.endsWith('tools-list.tsx'));
    expect(linksFor(script, '/')[0].href).toBe(`/assets/page-${home}.js`);
    expect(linksFor(script, '/toolspage')[0].href).toBe(`/assets/page-${library}.js`);
    expect(linksFor(script, '/toolspage/')[0].href).toBe(`/assets/page-${library}.js`);
    for (const path of ['/toolspage/favorites', '/toolspage/folders', '/toolspage/folders/3', '/admin', '/login', '/toolspage/a/b']) {
      expect(linksFor(script, path)).toEqual([]);
    }
  });

  it('names only modules that the router loads lazily', () => {
    const router = readFileSync(join(__dirname, '../src/app/router.tsx'), 'utf8');
    for (const { module } of LANDING_PAGES) {
      expect(router).toContain(`import('./${module.replace(/^src\/app\//, '').replace(/\.tsx$/, '')}')`);
    }
  });

  it('stops the build when a landing page has no chunk of its own', () => {
    const plugin = routePreloads('/elsewhere/') as unknown as GenerateBundle;
    const context = { emitFile: () => undefined, error: (message: string) => { throw new Error(message); } };
    expect(() => plugin.generateBundle.call(context, {}, bundle())).toThrow(/no chunk for src\/app\/routes\/home\.tsx/);
  });
});
