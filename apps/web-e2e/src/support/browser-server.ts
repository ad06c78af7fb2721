import { BrowserServer, chromium, LaunchOptions } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser (CHROME_PATH overrides the path). */
export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
};

/** One browser for the whole run: every test file connects to it and opens its own contexts. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_OPTIONS);
}
