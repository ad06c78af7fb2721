/**
 * Polling helpers for tests that watch state outside the test's hands (a database row, a queue,
 * a mail server, a child process). Wait for a positive signal — a row reaching its final state,
 * a queue drained — never for a fixed time: a fixed sleep is slow when things go well and proves
 * nothing when they do not.
 */
export interface PollOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Pause between two checks (default 100 ms). */
  intervalMs?: number;
  /** Named in the error when the time is up. */
  what?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks until `check` gives a truthy value, and returns it; fails once `timeoutMs` is over. */
export async function waitUntil<T>(check: () => T | Promise<T>, options: PollOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, intervalMs = 100, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what}`);
    await pause(intervalMs);
  }
}

/** Runs `check` until it stops throwing (an assertion that becomes true), and returns its value. */
export async function eventually<T>(check: () => T | Promise<T>, options: PollOptions = {}): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 100 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(intervalMs);
    }
  }
}
