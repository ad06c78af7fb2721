import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformContext } from 'vite';
import { appStart, LANDING_PAGES, landingPageChunks, startScript } from './app-start';

const ROOT = '/app/apps/web/';

/** A bundle as Vite hands it to the plugin: an entry, a shared card, one chunk per landing page. */
function bundle() {
  const chunk = (fileName: string, module: string | null) => ({ type: 'chunk' as const, fileName, facadeModuleId: module && `${ROOT}${module}` });
  const chunks = [chunk('assets/index-1.js', 'src/main.tsx'), chunk('assets/card-1.js', null), ...LANDING_PAGES.map(({ module }, i) => chunk(`assets/page-${i}.js`, module))];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const VITE_HTML = `<head>
    <script src="/config.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/card-1.js">
    <link rel="stylesheet" crossorigin href="/assets/style-1.css">
  </head>`;

type Transform = { handler: (html: string, context: IndexHtmlTransformContext) => string };
type GenerateBundle = (this: unknown) => void;

/** Runs the plugin as Vite does: index.html through the transform, then the bundle's end. */
function build(html = VITE_HTML) {
  const plugin = appStart(ROOT);
  const out = (plugin.transformIndexHtml as unknown as Transform).handler(html, { bundle: bundle() } as unknown as IndexHtmlTransformContext);
  const emitted: Array<{ fileName: string; source: string }> = [];
  (plugin.generateBundle as unknown as GenerateBundle).call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file), error: (m: string) => { throw new Error(m); } });
  return { html: out, emitted };
}

interface Added { rel?: string; href?: string; type?: string; src?: string; crossOrigin?: string; async?: boolean }

/**
 * Runs the start script in a small stand-in of the page at `path`: a root rendered by the server
 * or not, a member's session or not; frames and timers run when the test says.
 */
function runStart({ path = '/', serverRendered = false, member = false, loading = false } = {}) {
  const script = build().emitted[0].source;
  const added: Added[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const listeners: Record<string, Array<(event: { preventDefault: () => void }) => void>> = {};
  const attributes = new Set<string>();
  const loadListeners: Array<() => void> = [];
  const window = { addEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener) };
  const document = {
    readyState: loading ? 'loading' : 'interactive',
    visibilityState: 'visible',
    documentElement: { setAttribute: (name: string) => attributes.add(name), hasAttribute: (name: string) => attributes.has(name) },
    getElementById: (id: string) => (id === 'root' ? { hasAttribute: (name: string) => serverRendered && name === 'data-server-rendered' } : null),
    createElement: () => ({}),
    head: { appendChild: (element: Added) => added.push({ ...element }) },
    addEventListener: (type: string, listener: (event: { preventDefault: () => void }) => void) => (listeners[type] ??= []).push(listener),
  };
  const localStorage = { getItem: (key: string) => (member ? ({ token: 'jeton', current_user_email: 'membre@exemple.fr' } as Record<string, string>)[key] ?? null : null) };
  new Function('location', 'window', 'document', 'localStorage', 'requestAnimationFrame', 'setTimeout', script)(
    { pathname: path },
    window,
    document,
    localStorage,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => timers.push(callback),
  );
  const submit = () => {
    let prevented = false;
    for (const listener of listeners.submit ?? []) listener({ preventDefault: () => { prevented = true; } });
    return prevented;
  };
  return { added, frames, timers, attributes, listeners, submit, loaded: () => loadListeners.forEach((listener) => listener()) };
}

describe('app start (docs/product/rules.md#R713)', () => {
  it('replaces Vite\'s module tags by one start script after the settings, named by its content', () => {
    const { html, emitted } = build();
    expect(emitted).toHaveLength(1);
    expect(emitted[0].fileName).toMatch(/^assets\/start-[0-9a-f]{8}\.js$/);
    expect(html).toContain(`<script src="/config.js"></script>\n    <script src="/${emitted[0].fileName}"></script>`);
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-1.css">');
    expect(build().emitted[0].fileName).toBe(emitted[0].fileName);
  });

  it('stops the build when index.html has no module script', () => {
    expect(() => build('<head><script src="/config.js"></script></head>')).toThrow(/no module script/);
  });

  it('on a page the browser renders, asks at once for the page\'s chunk, the preloads and the app, in order', () => {
    const sheet = LANDING_PAGES.findIndex((page) => page.module.endsWith('tool-sheet.tsx'));
    const { added, frames } = runStart({ path: '/toolspage/kit-rgpd' });
    expect(frames).toHaveLength(0);
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: `/assets/page-${sheet}.js` },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/card-1.js' },
      { type: 'module', crossOrigin: '', async: false, src: '/assets/index-1.js' },
    ]);
  });

  it('on a page the server rendered, asks for the app only once it has loaded and painted (load, a frame, then a task)', () => {
    const { added, frames, timers, loaded } = runStart({ path: '/', serverRendered: true });
    expect(frames).toHaveLength(0);
    loaded();
    expect(added).toEqual([]);
    frames.forEach((frame) => frame());
    expect(added).toEqual([]);
    timers[timers.length - 1]();
    const home = LANDING_PAGES.findIndex((page) => page.module.endsWith('home.tsx'));
    expect(added.map((a) => a.href ?? a.src)).toEqual([`/assets/page-${home}.js`, '/assets/card-1.js', '/assets/index-1.js']);
    // The fallback timer finds it started: nothing twice.
    timers.forEach((timer) => timer());
    expect(added).toHaveLength(3);
  });

  it('does not let a page that never finishes loading hold the app back: the fallback timer starts it', () => {
    const { added, timers } = runStart({ path: '/', serverRendered: true });
    expect(added).toEqual([]);
    timers.forEach((timer) => timer());
    expect(added.map((a) => a.src).filter(Boolean)).toEqual(['/assets/index-1.js']);
  });

  it('waits for the page to be parsed before looking at it', () => {
    const { added, listeners } = runStart({ path: '/about', loading: true });
    expect(added).toEqual([]);
    listeners.DOMContentLoaded.forEach((listener) => listener({ preventDefault: () => undefined }));
    expect(added.map((a) => a.href ?? a.src)).toContain('/assets/index-1.js');
  });

  it('marks a member\'s session before the first paint and starts at once, even on a page the server rendered', () => {
    const { added, attributes } = runStart({ path: '/', serverRendered: true, member: true });
    expect(attributes.has('data-session')).toBe(true);
    expect(added.map((a) => a.src).filter(Boolean)).toEqual(['/assets/index-1.js']);
    expect(runStart({ path: '/' }).attributes.has('data-session')).toBe(false);
  });

  it('keeps the browser from sending a form until the app has started', () => {
    const page = runStart({ path: '/', serverRendered: true });
    expect(page.submit()).toBe(true);
    page.attributes.add('data-app-started');
    expect(page.submit()).toBe(false);
  });

  it('asks for no page chunk off the landing pages', () => {
    for (const path of ['/toolspage/favorites', '/toolspage/folders', '/toolspage/folders/3', '/admin', '/login', '/toolspage/a/b']) {
      expect(runStart({ path }).added.filter((a) => a.href?.includes('/page-'))).toEqual([]);
    }
  });

  it('names only modules that the router loads lazily, and stops the build when one has no chunk', () => {
    const router = readFileSync(join(__dirname, '../src/app/router.tsx'), 'utf8');
    for (const { module } of LANDING_PAGES) {
      expect(router).toContain(`import('./${module.replace(/^src\/app\//, '').replace(/\.tsx$/, '')}')`);
    }
    expect(() => landingPageChunks('/elsewhere/', Object.values(bundle()))).toThrow(/no chunk for src\/app\/routes\/home\.tsx/);
  });

  it('writes its lists as data, not code', () => {
    const script = startScript({ scripts: ['/assets/a.js'], preloads: [], pages: [['^/$', '/assets/"x.js']] });
    expect(script).toContain('var pages = [["^/$","/assets/\\"x.js"]];');
  });
});
