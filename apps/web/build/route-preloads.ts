import type { Plugin } from 'vite';

/**
 * The pages people land on from outside (search engines, shared links, the newsletter), with the
 * route module of `src/app/router.tsx` that renders each. Their code is asked for with the page
 * (docs/product/rules.md#R711); a test checks that each module is one of the router's.
 */
export const LANDING_PAGES: ReadonlyArray<{ pattern: string; module: string }> = [
  { pattern: '^/$', module: 'src/app/routes/home.tsx' },
  { pattern: '^/toolspage/?$', module: 'src/app/routes/toolspage/tools-list.tsx' },
  { pattern: '^/toolspage/for-you/?$', module: 'src/app/routes/toolspage/for-you.tsx' },
  // A sheet: the three paths of docs/product/rules.md#R90, not the member pages under /toolspage.
  {
    pattern: '^/(?:toolspage(?:/details)?|tools)/(?!(?:favorites|folders|for-you)/?$)[^/]+/?$',
    module: 'src/app/routes/toolspage/tool-sheet.tsx',
  },
  { pattern: '^/diagnostic/?$', module: 'src/app/routes/diagnostic/diagnostic.tsx' },
  { pattern: '^/about/?$', module: 'src/app/routes/about.tsx' },
];

/** The file the build writes next to index.html; the web servers append it to /config.js. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.js';

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `route-preloads.js` (docs/product/rules.md#R711): a classic script that, before the app's
 * module graph is even parsed, looks at the address and adds `modulepreload` links for the landing
 * page's route chunk and every chunk it imports that the entry does not (the entry's own are already
 * in index.html), and preloads the route's stylesheets (Vite still inserts them, after index.css, so the cascade keeps its order). Without it, a phone learns which page code to fetch
 * only once React, the router and the store have downloaded and run: one more round trip for the
 * route chunk, then one for its imports. The links carry `crossorigin` like Vite's, so the module
 * loader and Vite's preload helper reuse them instead of fetching twice. It rides in /config.js
 * (already a blocking script of the page, and same-origin: the CSP stays `script-src 'self'`).
 */
export function routePreloads(root: string): Plugin {
  return {
    name: 'outils-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkInfo => item.type === 'chunk') as ChunkInfo[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(start);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-preloads: no entry chunk');
      const inIndexHtml = closure(entry.fileName);
      const pages = LANDING_PAGES.map(({ pattern, module }) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === `${root}${module}`);
        if (!chunk) this.error(`route-preloads: no chunk for ${module} (is it still a lazy route of the router?)`);
        const files = [...closure(chunk.fileName)].filter((file) => !inIndexHtml.has(file));
        const styles = [...new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))];
        return [pattern, files.map((file) => `/${file}`), styles.map((file) => `/${file}`)];
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: preloadScript(pages) });
    },
  };
}

function preloadScript(pages: unknown[]): string {
  return `// Written by the build (apps/web/build/route-preloads.ts, docs/product/rules.md#R711): the landing page's code, asked for with the page.
(function () {
  var pages = ${JSON.stringify(pages)};
  var path = location.pathname;
  for (var i = 0; i < pages.length; i++) {
    if (!new RegExp(pages[i][0]).test(path)) continue;
    pages[i][1].forEach(function (href) { add('modulepreload', href); });
    pages[i][2].forEach(function (href) { add('preload', href, 'style'); });
    return;
  }
  function add(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
})();
`;
}
