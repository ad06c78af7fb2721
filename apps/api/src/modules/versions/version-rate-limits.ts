import type { RateLimitRule } from '../../common/rate-limit/rate-limit.types';

/** Per-network budgets of what a stranger can trigger here (docs/product/rules.md#R181). */
export const VersionRateLimits = {
  /** One-click unsubscribes of the update alerts (docs/product/rules.md#R915). */
  unsubscribe: { name: 'update-alerts-unsubscribe', perIp: { points: 60, durationSeconds: 600 } },
  /** `/api/seo/flux.xml`, the Atom feed (docs/product/rules.md#R920): a reader polls it, a crawler reads it. */
  feed: { name: 'atom-feed', perIp: { points: 300, durationSeconds: 600 } },
} satisfies Record<string, RateLimitRule>;
