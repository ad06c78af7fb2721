/** A budget of `points` requests per `durationSeconds`, per key. */
export interface RateLimitBudget {
  points: number;
  durationSeconds: number;
}

/**
 * Past `afterPoints` counted attempts within `durationSeconds`, each attempt waits before it is
 * answered: `firstDelayMs`, doubled every `doublingEvery` attempts, at most `maxDelayMs`. Never a
 * refusal: a delay slows a guesser down and blocks nobody.
 */
export interface SlowdownBudget {
  afterPoints: number;
  durationSeconds: number;
  firstDelayMs: number;
  doublingEvery: number;
  maxDelayMs: number;
}

/**
 * One limited action. A request is counted against every budget it has a key for: the caller's
 * IP, the address it targets (an e-mail, an account id), and the pair of both.
 */
export interface RateLimitRule {
  /** Part of the Redis key: kebab-case, stable. */
  name: string;
  perIp?: RateLimitBudget;
  /** Shared by everybody: only for what a third party cannot use against the address's owner. */
  perAddress?: RateLimitBudget;
  /** One address from one IP: the tight budget that a third party cannot exhaust for the owner. */
  perAddressIp?: RateLimitBudget;
  /** All IPs together on one address: a progressive delay instead of a block. */
  slowdown?: SlowdownBudget;
}

export interface RateLimitSubject {
  ip?: string;
  address?: string;
}

/** The delay of the `count`-th attempt within the window (0 up to the ceiling). */
export function slowdownDelayMs(count: number, budget: SlowdownBudget): number {
  const over = count - budget.afterPoints;
  if (over <= 0) return 0;
  return Math.min(budget.maxDelayMs, budget.firstDelayMs * 2 ** Math.floor((over - 1) / budget.doublingEvery));
}
