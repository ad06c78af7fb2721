/** A budget of `points` requests per `durationSeconds`, per key. */
export interface RateLimitBudget {
  points: number;
  durationSeconds: number;
}

/**
 * One limited action. A request is counted against every budget it has a key for: the caller's
 * IP and, when known, the address it targets (an e-mail, an account id).
 */
export interface RateLimitRule {
  /** Part of the Redis key: kebab-case, stable. */
  name: string;
  perIp?: RateLimitBudget;
  perAddress?: RateLimitBudget;
}

export interface RateLimitSubject {
  ip?: string;
  address?: string;
}
