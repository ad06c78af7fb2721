import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Browser, BrowserContext, chromium, Download, Page } from 'playwright-core';
import { eventually as retryUntilPasses, waitUntil } from '@outils/server-testing';
import { CHROMIUM_OPTIONS } from './browser-server';
import { STACK_FILE, StackInfo } from './stack';

let cachedInfo: StackInfo | undefined;
export function stackInfo(): StackInfo {
  cachedInfo ??= JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  return cachedInfo;
}

/**
 * The run's one Chromium (started by the global setup): each test file connects to it and each
 * journey opens a context of its own. Without a shared server (a file run on its own with
 * another setup), Debian's Chromium is launched directly.
 */
export function launchBrowser(): Promise<Browser> {
  const ws = stackInfo().wsEndpoint;
  return ws ? chromium.connect(ws) : chromium.launch(CHROMIUM_OPTIONS);
}

/** Generous waits: the machine has two cores and other suites may run at the same time. */
export const WAIT = { action: 20_000, navigation: 30_000, mail: 30_000 } as const;

export interface Session {
  email: string;
  token: string;
}

export interface PageOptions {
  width?: number;
  height?: number;
  acceptDownloads?: boolean;
  /**
   * Marks the newsletter popup as handled (hasCheckedNewsletter) before the app starts, so that
   * the 9-second popup does not cover journeys that test something else. Default true.
   */
  quietNewsletter?: boolean;
  /** Starts signed in: the session the app keeps in localStorage (docs/product/rules.md#R15). */
  session?: Session;
  /** Lets the page use the clipboard (copy-link button). */
  clipboard?: boolean;
}

export interface PageWithErrors {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen on the page. */
  errors: string[];
  /** Uncaught exceptions only: a journey must end with none. */
  pageErrors: string[];
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<PageWithErrors> {
  const context = await browser.newContext({
    // A person's browser: headless Chromium's own user agent says "HeadlessChrome", which the API
    // rightly takes for a robot and does not count (docs/product/rules.md#R670).
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    acceptDownloads: options.acceptDownloads ?? true,
  });
  if (options.clipboard) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackInfo().webUrl });
  }
  const init: Record<string, string> = {};
  if (options.quietNewsletter ?? true) init.hasCheckedNewsletter = 'true';
  if (options.session) {
    init.token = options.session.token;
    init.current_user_email = options.session.email;
  }
  if (Object.keys(init).length) {
    // Only once per context: later logouts and changes made by the app must stick.
    await context.addInitScript((values: Record<string, string>) => {
      try {
        if (localStorage.getItem('__e2e_seeded')) return;
        localStorage.setItem('__e2e_seeded', '1');
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage
      }
    }, init);
  }
  context.setDefaultTimeout(WAIT.action);
  context.setDefaultNavigationTimeout(WAIT.navigation);
  const page = await context.newPage();
  waitForTheAppOnEveryLoad(page);
  const errors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (error) => { errors.push(error.message); pageErrors.push(error.message); });
  return { context, page, errors, pageErrors };
}

/**
 * A guest's page arrives rendered by the web server and the app takes it over just after
 * (docs/product/rules.md#R830, #R713): until then its buttons do nothing. Journeys act as a person
 * who waits for the page to be ready, so `goto` and `reload` resolve once the app has started
 * (`<html data-app-started>`), on the site's pages (`#root`); other addresses resolve as loaded.
 */
function waitForTheAppOnEveryLoad(page: Page): void {
  const started = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-started'), undefined, { timeout: WAIT.navigation });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
}

/** Runs a journey in a fresh context; on failure keeps a screenshot in test-artifacts/failures. */
export async function withPage<T>(browser: Browser, name: string, options: PageOptions, run: (p: PageWithErrors) => Promise<T>): Promise<T> {
  const p = await newPage(browser, options);
  try {
    const result = await run(p);
    expect(p.pageErrors).toEqual([]);
    // The site runs under its Content-Security-Policy (apps/web-server/src/security-headers.ts):
    // anything it blocked would show here.
    expect(p.errors.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
    return result;
  } catch (error) {
    const dir = join(stackInfo().artifactsDir, 'failures');
    mkdirSync(dir, { recursive: true });
    await p.page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await p.context.close().catch(() => undefined);
  }
}

export const url = (path: string) => `${stackInfo().webUrl}${path}`;

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  const dir = join(stackInfo().artifactsDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/** Polls `check` until it stops throwing (for state outside the DOM: storage, API, mails). */
export function eventually<T>(check: () => Promise<T> | T, timeoutMs: number = WAIT.action, intervalMs = 200): Promise<T> {
  return retryUntilPasses(check, { timeoutMs, intervalMs });
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** The path and query of the page (no origin). */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = WAIT.navigation): Promise<void> {
  await page.waitForURL((u) => {
    const current = `${u.pathname}${u.search}`;
    return typeof path === 'string' ? u.pathname === path || current === path : path.test(current);
  }, { timeout });
}

/** Waits for the page's visible h1 to have this text (exactly, trimmed). */
export async function expectHeading(page: Page, text: string | RegExp, level = 1): Promise<void> {
  await page.getByRole('heading', { level, name: text, exact: typeof text === 'string' }).first().waitFor({ state: 'visible' });
}

interface MaildevMail { subject: string; text: string; to: Array<{ address: string }> }

/**
 * Reads mails from MailDev's REST API and waits for one sent to `to` whose subject holds
 * `subjectPart`; with `count`, waits until that many such mails arrived. Gives the newest.
 */
export async function waitForMail(to: string, subjectPart: string, options: { timeoutMs?: number; count?: number } = {}): Promise<MaildevMail> {
  return waitUntil(
    async () => {
      const mails = (await (await fetch(`${stackInfo().mailUrl}/email`)).json()) as MaildevMail[];
      const matching = mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && m.subject.includes(subjectPart));
      return matching.length >= (options.count ?? 1) ? matching[matching.length - 1] : null;
    },
    { timeoutMs: options.timeoutMs ?? WAIT.mail, intervalMs: 250, what: `mail "${subjectPart}" for ${to}` },
  );
}

export function linkIn(text: string, startsWith: string): string {
  const match = text.match(new RegExp(`${startsWith.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`No link starting with ${startsWith}`);
  return match[0];
}

export interface ArrivedFile {
  download: Download;
  fileName: string;
  bytes: Buffer;
}

/**
 * Runs `trigger` and waits for the file it downloads, whether the app saves it from the page or
 * opens it in a new tab (docs/product/rules.md#R729: the signed URL opens in a new tab as a download). Reads the
 * whole file through the browser, so a download that never arrives or comes back empty fails.
 */
export async function expectDownload(context: BrowserContext, page: Page, trigger: () => Promise<unknown>, timeoutMs = WAIT.navigation): Promise<ArrivedFile> {
  let onPage: ((p: Page) => void) | undefined;
  const arrived = new Promise<Download>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No download within ${timeoutMs} ms`)), timeoutMs);
    const done = (d: Download) => { clearTimeout(timer); resolve(d); };
    page.once('download', done);
    onPage = (p: Page) => p.once('download', done);
    context.on('page', onPage);
  });
  try {
    await trigger();
    const download = await arrived;
    const failure = await download.failure();
    if (failure) throw new Error(`The download failed: ${failure}`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { download, fileName: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  } finally {
    if (onPage) context.off('page', onPage);
  }
}

/** The file's first bytes match its extension (the seed and the journeys use these four types). */
export function expectRealFile(file: ArrivedFile): void {
  expect(file.bytes.length).toBeGreaterThan(20);
  const ext = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase();
  const head = file.bytes.subarray(0, 4).toString('latin1');
  if (ext === 'pdf') expect(head).toBe('%PDF');
  else if (ext === 'xlsx' || ext === 'docx') expect(head).toBe('PK\u0003\u0004');
  else if (ext === 'png') expect(file.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  else if (ext === 'csv') expect(file.bytes.includes(0)).toBe(false);
  else throw new Error(`Unexpected downloaded file name: ${file.fileName}`);
}

/**
 * The suite's headless browser: launched before its first test, closed after its last. Read it
 * with `browser()` inside tests and hooks declared after this call.
 */
export function useBrowser(): () => Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return () => {
    if (!launched) throw new Error('The suite’s browser is read before its beforeAll hook has launched it.');
    return launched;
  };
}

/**
 * The run's database, for a journey that prepares or reads what no screen shows (a sector of its
 * own, a subscription's state): connected before the suite's journeys, closed after them.
 */
export function useDatabase(): () => Client {
  let connected: Client | undefined;
  beforeAll(async () => {
    connected = new Client({ connectionString: stackInfo().databaseUrl });
    await connected.connect();
  });
  afterAll(async () => {
    await connected?.end();
  });
  return () => {
    if (!connected) throw new Error('The suite’s database is read before its beforeAll hook has connected it.');
    return connected;
  };
}
