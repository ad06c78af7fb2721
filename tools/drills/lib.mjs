// @ts-check
// Helpers shared by the drills: bounded concurrency, sign-ups, counting caught mails, status tallies.
import { sleep } from '../lib/ports.mjs';

export const PASSWORD = 'Motdepasse-2026!';

/**
 * Runs `fn` over `items` with at most `n` in flight.
 * @template T, R @param {T[]} items @param {number} n @param {(item: T, index: number) => Promise<R>} fn @returns {Promise<R[]>}
 */
export async function pool(items, n, fn) {
  /** @type {R[]} */
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  }));
  return out;
}

/**
 * One sign-up through the API. @param {string} apiUrl @param {string} mail
 * @returns {Promise<{ status: number, ms: number, error?: string }>}
 */
export async function signUp(apiUrl, mail) {
  const started = Date.now();
  try {
    const res = await fetch(`${apiUrl}/api/user/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lastName: 'Exercice', firstName: 'Camille', mail, password: PASSWORD, passwordConfirm: PASSWORD }),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, error: /** @type {Error} */ (error).message, ms: Date.now() - started };
  }
}

/** @typedef {{ all: () => Promise<import('../lib/maildev.mjs').CaughtMail[]> }} MailReader */

/**
 * Mails per recipient, for the given addresses.
 * @param {MailReader} maildev @param {string[]} addresses
 */
export async function mailCounts(maildev, addresses) {
  const wanted = new Set(addresses);
  const counts = new Map(addresses.map((a) => [a, 0]));
  for (const mail of await maildev.all()) {
    for (const to of mail.to ?? []) {
      const address = to.address?.toLowerCase();
      if (address && wanted.has(address)) counts.set(address, (counts.get(address) ?? 0) + 1);
    }
  }
  const values = [...counts.values()];
  return { delivered: values.filter((v) => v > 0).length, twice: values.filter((v) => v > 1).length, total: values.reduce((a, b) => a + b, 0) };
}

/**
 * Waits until every address got a mail, or the timeout.
 * @param {MailReader} maildev @param {string[]} addresses @param {number} timeoutMs
 */
export async function waitForMails(maildev, addresses, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const c = await mailCounts(maildev, addresses);
    if (c.delivered === addresses.length || Date.now() - started > timeoutMs) return { ...c, ms: Date.now() - started };
    await sleep(250);
  }
}

/** "200×3 500×1". @param {Record<string, number>} statuses */
export const statusSummary = (statuses) => Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(' ');

/** @param {string} name @param {number} fallback */
export const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
