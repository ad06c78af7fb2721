import { createHash } from 'node:crypto';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { SHEET_PATH_PATTERN, StorageKeys } from '@outils/contracts';

/**
 * The pages people land on from outside (search engines, shared links, the newsletter), with the
 * route module of `src/app/router.tsx` that renders each. Their code is asked for with the app's
 * (docs/product/rules.md#R713); a test checks that each module is one of the router's.
 */
export const LANDING_PAGES: ReadonlyArray<{ pattern: string; module: string }> = [
  { pattern: '^/$', module: 'src/app/routes/home.tsx' },
  { pattern: '^/toolspage/?$', module: 'src/app/routes/toolspage/tools-list.tsx' },
  { pattern: '^/toolspage/for-you/?$', module: 'src/app/routes/toolspage/for-you.tsx' },
  { pattern: SHEET_PATH_PATTERN, module: 'src/app/routes/toolspage/tool-sheet.tsx' },
  { pattern: '^/diagnostic/?$', module: 'src/app/routes/diagnostic/diagnostic.tsx' },
  { pattern: '^/about/?$', module: 'src/app/routes/about.tsx' },
];

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
}

/** What the start script asks for. */
export interface StartPlan {
  /** The module scripts Vite wrote in index.html, in their order. */
  scripts: string[];
  /** The modules Vite asked to preload with them. */
  preloads: string[];
  /** [address pattern, the landing page's own chunk] (R713). */
  pages: Array<[string, string]>;
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Replaces Vite's `<script type="module">` and `<link rel="modulepreload">` tags of index.html by
 * one small classic script, `assets/start-<hash>.js`, that asks for the same files
 * (docs/product/rules.md#R713):
 * - on a page the web server rendered (R830), once it has loaded and been painted: the page shows,
 *   its image loads, and only then does the app's code come down and take it over, instead of
 *   competing with the style sheet and the image for a phone's bandwidth (3 seconds at most);
 * - on any other page, at once (there is nothing to show before the app runs);
 * - with the landing page's own route chunk (R713), not every chunk it imports (measured worse);
 * - it marks `<html data-session>` before the first paint when a member is signed in, so that the
 *   guest's page the server rendered is not shown to them (the app renders theirs);
 * - until the app has started (`<html data-app-started>`, set by src/main.tsx), the browser does
 *   not send a form of the server's page by itself.
 * It runs from the head, before the body is parsed, like the settings of /config.js before it.
 */
export function appStart(root: string): Plugin {
  let start: { fileName: string; source: string } | null = null;
  return {
    name: 'outils-app-start',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html: string, context: IndexHtmlTransformContext) {
        if (!context.bundle) return html;
        const plan: StartPlan = {
          scripts: [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]),
          preloads: [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]),
          pages: landingPageChunks(root, Object.values(context.bundle) as unknown as ChunkInfo[]),
        };
        if (plan.scripts.length === 0) throw new Error('app-start: index.html has no module script');
        const source = startScript(plan);
        start = { fileName: `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`, source };
        const tag = `<script src="/${start.fileName}"></script>`;
        return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('<script src="/config.js"></script>', (config) => `${config}\n    ${tag}`);
      },
    },
    generateBundle() {
      if (!start) this.error('app-start: index.html was not transformed');
      this.emitFile({ type: 'asset', fileName: start.fileName, source: start.source });
    },
  };
}

/** Each landing page's own chunk, by its address pattern; the build stops if one is missing. */
export function landingPageChunks(root: string, chunks: ChunkInfo[]): Array<[string, string]> {
  return LANDING_PAGES.map(({ pattern, module }): [string, string] => {
    const chunk = chunks.find((candidate) => candidate.type === 'chunk' && candidate.facadeModuleId === `${root}${module}`);
    if (!chunk) throw new Error(`app-start: no chunk for ${module} (is it still a lazy route of the router?)`);
    return [pattern, `/${chunk.fileName}`];
  });
}

export function startScript({ scripts, preloads, pages }: StartPlan): string {
  return `// Written by the build (apps/web/build/app-start.ts, docs/product/rules.md#R713): starts the app.
(function () {
  var scripts = ${JSON.stringify(scripts)};
  var preloads = ${JSON.stringify(preloads)};
  var pages = ${JSON.stringify(pages)};
  var member = false;
  try {
    member = !!(localStorage.getItem(${JSON.stringify(StorageKeys.token)}) && localStorage.getItem(${JSON.stringify(StorageKeys.email)}));
  } catch (e) {}
  if (member) document.documentElement.setAttribute('data-session', '');
  // Until the app has taken the page over, a form of the server's page is not sent by the browser
  // itself (it would put what was typed, an e-mail, in the address): the app sends it once it runs.
  document.addEventListener('submit', function (event) {
    if (!document.documentElement.hasAttribute('data-app-started')) event.preventDefault();
  }, true);
  function link(href) {
    var l = document.createElement('link');
    l.rel = 'modulepreload';
    l.crossOrigin = '';
    l.href = href;
    document.head.appendChild(l);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < pages.length; i++) {
      if (new RegExp(pages[i][0]).test(location.pathname)) {
        link(pages[i][1]);
        break;
      }
    }
    for (var j = 0; j < preloads.length; j++) link(preloads[j]);
    for (var k = 0; k < scripts.length; k++) {
      var s = document.createElement('script');
      s.type = 'module';
      s.crossOrigin = '';
      s.async = false;
      s.src = scripts[k];
      document.head.appendChild(s);
    }
  }
  function afterFirstPaint() {
    // The page and its images loaded, then a frame and a task: it has been painted. A hidden tab
    // paints no frame; an image that never ends does not hold the app back more than 3 seconds.
    if (document.visibilityState === 'hidden') return start();
    function painted() { requestAnimationFrame(function () { setTimeout(start, 0); }); }
    if (document.readyState === 'complete') painted();
    else window.addEventListener('load', painted);
    setTimeout(start, 3000);
  }
  function ready() {
    var root = document.getElementById('root');
    if (!member && root && root.hasAttribute('data-server-rendered')) afterFirstPaint();
    else start();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
`;
}
