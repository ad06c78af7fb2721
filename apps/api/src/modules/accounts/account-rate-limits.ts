import type { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { RateLimitRule } from '../../common/rate-limit/rate-limit.types';

const MINUTES = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** All IPs together on one address: a growing wait (0.5 s, doubling every 5 attempts, 10 s at most), never a refusal. */
const slowdownAfter = (afterPoints: number, durationSeconds: number) =>
  ({ afterPoints, durationSeconds, firstDelayMs: 500, doublingEvery: 5, maxDelayMs: 10_000 }) as const;

/**
 * Budgets of the account calls (docs/product/rules.md#R767, per network: #R768; numbers explained in docs/accounts.md).
 * Per-IP budgets are generous because a whole office may share one address. The tight budgets
 * that protect one account or one mailbox are per (address, IP): whoever exhausts one is
 * refused, not the owner trying from elsewhere. All IPs together only slow down (progressive
 * delay), so that a third party can never lock an owner out of their account.
 */
/**
 * Wrong passwords on one account from all client addresses together within the login's window
 * (15 min) past which the password alone is refused until the window ends, and the login page
 * offers a one-time link by e-mail instead (docs/product/rules.md#R769). The owner is never locked
 * out: the mailbox still lets them in. Far above a person's typos (the slowdown starts at 30).
 */
export const LOGIN_PASSWORD_CEILING = 50;

export const AccountRateLimits = {
  login: {
    name: 'login',
    perIp: { points: 100, durationSeconds: 15 * MINUTES },
    perAddressIp: { points: 10, durationSeconds: 15 * MINUTES },
    // Counts wrong passwords only: a busy account with several devices is never slowed.
    slowdown: slowdownAfter(30, 15 * MINUTES),
  },
  signUp: { name: 'sign-up', perIp: { points: 20, durationSeconds: HOUR }, perAddress: { points: 5, durationSeconds: HOUR } },
  resendActivation: {
    name: 'resend-activation',
    perIp: { points: 20, durationSeconds: HOUR },
    perAddressIp: { points: 3, durationSeconds: HOUR },
    slowdown: slowdownAfter(10, HOUR),
  },
  forgotPassword: {
    name: 'forgot-password',
    perIp: { points: 20, durationSeconds: HOUR },
    perAddressIp: { points: 3, durationSeconds: HOUR },
    slowdown: slowdownAfter(10, HOUR),
  },
  // Links carry 256 random bits: nobody guesses one, so a shared per-address budget would only
  // let a third party stop the owner from using theirs.
  resetPassword: {
    name: 'reset-password',
    perIp: { points: 30, durationSeconds: HOUR },
    perAddressIp: { points: 10, durationSeconds: HOUR },
    slowdown: slowdownAfter(20, HOUR),
  },
  /** `POST /api/login/link`: mails a one-time login link (docs/product/rules.md#R770), budgeted like the forgotten password. */
  loginLink: {
    name: 'login-link',
    perIp: { points: 20, durationSeconds: HOUR },
    perAddressIp: { points: 3, durationSeconds: HOUR },
    slowdown: slowdownAfter(10, HOUR),
  },
  /** `POST /api/login/link/confirm`: tries a token, like the reset. */
  loginLinkConfirm: {
    name: 'login-link-confirm',
    perIp: { points: 30, durationSeconds: HOUR },
    perAddressIp: { points: 10, durationSeconds: HOUR },
    slowdown: slowdownAfter(20, HOUR),
  },
  /** `POST /api/user/email/confirm`: tries a token, like the reset (docs/product/rules.md#R761). */
  confirmEmail: { name: 'confirm-email', perIp: { points: 30, durationSeconds: HOUR } },
  /** The current password typed on the profile (update, delete): per account. */
  passwordCheck: { name: 'password-check', perAddress: { points: 10, durationSeconds: 15 * MINUTES } },
} satisfies Record<string, RateLimitRule>;

/**
 * An account call that names an address (activation resend, forgotten password, reset link):
 * the per-IP and per-(address, IP) budgets first (a refusal is a 429), then this request counted
 * in the address's progressive delay (docs/product/rules.md#R767).
 */
export async function limitAddressCall(
  rateLimits: Pick<RateLimitService, 'consume' | 'slowDown'>,
  rule: RateLimitRule,
  ip: string,
  address: string,
): Promise<void> {
  await rateLimits.consume(rule, { ip, address });
  await rateLimits.slowDown(rule, address, { count: true });
}

/**
 * Account mails that anyone can ask for an address (reset, activation resend, login link) or
 * send to a new address (e-mail change): at most 5 an hour and 10 a day per mailbox, whatever
 * the client address (docs/product/rules.md#R763). Past them no mail leaves, and the answer is
 * the usual one.
 */
export const MailboxCaps = {
  hour: { name: 'account-mail-hour', perAddress: { points: 5, durationSeconds: HOUR } },
  day: { name: 'account-mail-day', perAddress: { points: 10, durationSeconds: DAY } },
} satisfies Record<string, RateLimitRule>;

/** Counts one account mail to `address`; false when its mailbox has had its share (then send nothing). */
export async function mailboxAllows(rateLimits: Pick<RateLimitService, 'allows'>, address: string): Promise<boolean> {
  return (await rateLimits.allows(MailboxCaps.hour, { address })) && rateLimits.allows(MailboxCaps.day, { address });
}
