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
}

/**
 * Writes `route-preloads.js` (docs/product/rules.md#R711): a classic script that, before the app's
 * module graph is even parsed, looks at the address and adds a `modulepreload` link for the
 * landing page's own route chunk. Without it, the chunk is asked for only once React, the router
 * and the store have downloaded and run. Only that chunk: preloading every chunk it imports too
 * (about twenty small files) made Chromium compile them while the entry was still running, and
 * Lighthouse's total blocking time on a phone went from 280 to 700 ms (docs/performance.md).
 * The link carries `crossorigin` like Vite's, so the module loader reuses it instead of fetching
 * twice. It rides in /config.js (already a blocking script of the page, and same-origin: the CSP
 * stays `script-src 'self'`).
 */
export function routePreloads(root: string): Plugin {
  return {
    name: 'outils-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkInfo => item.type === 'chunk') as ChunkInfo[];
      const pages = LANDING_PAGES.map(({ pattern, module }) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === `${root}${module}`);
        if (!chunk) this.error(`route-preloads: no chunk for ${module} (is it still a lazy route of the router?)`);
        return [pattern, `/${chunk.fileName}`];
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: preloadScript(pages) });
    },
  };
}

function preloadScript(pages: unknown[]): string {
  return `// Written by the build (apps/web/build/route-preloads.ts, docs/product/rules.md#R711): the landing page's code, asked for with the page.
(function () {
  var pages = ${JSON.stringify(pages)};
  for (var i = 0; i < pages.length; i++) {
    if (!new RegExp(pages[i][0]).test(location.pathname)) continue;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = pages[i][1];
    document.head.appendChild(link);
    return;
  }
})();
`;
}
