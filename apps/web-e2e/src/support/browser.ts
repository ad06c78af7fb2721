import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { STACK_FILE, StackInfo } from './stack';

export function stackInfo(): StackInfo {
  return JSON.parse(readFileSync(STACK_FILE, 'utf8'));
}

/** Debian's Chromium, never a downloaded browser (CHROME_PATH overrides the path). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface PageWithErrors {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen on the page. */
  errors: string[];
}

export async function newPage(browser: Browser, options: { width?: number; height?: number; acceptDownloads?: boolean } = {}): Promise<PageWithErrors> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'fr-FR',
    acceptDownloads: options.acceptDownloads ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(stackInfo().artifactsDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

interface MaildevMail { subject: string; text: string; to: Array<{ address: string }> }

/** Reads mails from MailDev's REST API and waits for one sent to `to`. */
export async function waitForMail(to: string, subjectPart: string, timeoutMs = 20_000): Promise<MaildevMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`${stackInfo().mailUrl}/email`)).json()) as MaildevMail[];
    const found = mails.reverse().find((m) => m.to.some((t) => t.address === to) && m.subject.includes(subjectPart));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subjectPart}" for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function linkIn(text: string, startsWith: string): string {
  const match = text.match(new RegExp(`${startsWith.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`No link starting with ${startsWith}`);
  return match[0];
}
