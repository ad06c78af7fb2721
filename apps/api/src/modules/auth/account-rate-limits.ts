import type { RateLimitRule } from '../../common/rate-limit/rate-limit.types';

const MINUTES = 60;
const HOUR = 3600;

/**
 * Budgets of the account calls (issue 3; numbers explained in docs/accounts.md). Per-IP budgets
 * are generous because a whole office may share one address; per-address budgets are tight
 * because they protect one mailbox or one account.
 */
export const AccountRateLimits = {
  login: { name: 'login', perIp: { points: 100, durationSeconds: 15 * MINUTES }, perAddress: { points: 10, durationSeconds: 15 * MINUTES } },
  signUp: { name: 'sign-up', perIp: { points: 20, durationSeconds: HOUR }, perAddress: { points: 5, durationSeconds: HOUR } },
  resendActivation: { name: 'resend-activation', perIp: { points: 20, durationSeconds: HOUR }, perAddress: { points: 3, durationSeconds: HOUR } },
  forgotPassword: { name: 'forgot-password', perIp: { points: 20, durationSeconds: HOUR }, perAddress: { points: 3, durationSeconds: HOUR } },
  resetPassword: { name: 'reset-password', perIp: { points: 30, durationSeconds: HOUR }, perAddress: { points: 10, durationSeconds: HOUR } },
  /** The current password typed on the profile (update, delete): per account. */
  passwordCheck: { name: 'password-check', perAddress: { points: 10, durationSeconds: 15 * MINUTES } },
} satisfies Record<string, RateLimitRule>;
