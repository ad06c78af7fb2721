import type { RateLimitRule } from '../../common/rate-limit/rate-limit.types';

const MINUTES = 60;

/** Per-IP budgets of the folders (docs/product/rules.md#R530), past which: 429 in French. */
export const FolderRateLimits = {
  /** Creating, renaming, adding, reordering, sharing: a member arranging folders stays far under. */
  writes: { name: 'folder-writes', perIp: { points: 300, durationSeconds: 10 * MINUTES } },
  /** ZIP links handed out (members and shared folders). */
  zipLink: { name: 'folder-zip-link', perIp: { points: 30, durationSeconds: 10 * MINUTES } },
  /** ZIPs served: each is up to 50 files. */
  zipFile: { name: 'folder-zip-file', perIp: { points: 30, durationSeconds: 10 * MINUTES } },
} satisfies Record<string, RateLimitRule>;
