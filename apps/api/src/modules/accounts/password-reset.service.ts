import { Inject, Injectable } from '@nestjs/common';
import { AccountMessages, MessageBody } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { BadRequestError } from '../../common/errors/domain-error';
import { DelayService } from '../../common/rate-limit/delay.service';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { UsersRepository } from './users.repository';
import { AccountMailsService } from './account-mails.service';
import { AccountRateLimits, limitAddressCall, mailboxAllows } from './account-rate-limits';
import type { EmailDto } from './dto/email.dto';
import type { ResetLinkDto, ResetPasswordDto } from './dto/reset-password.dto';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from '../../common/auth/sessions.repository';
import { TransactionRunner } from '../../common/persistence/transaction-runner';

/**
 * The forgotten-password answer is never sent sooner than this after the request arrived: long
 * enough to cover the database work done for a known address (a link and a mail in one
 * transaction, a few milliseconds), so that the answer time does not tell whether an account
 * exists. Measured by `npm run drills` (docs/resilience.md).
 */
export const FORGOT_ANSWER_MIN_MS = 250;

/** A reset asked again within this many minutes keeps the link already mailed (docs/product/rules.md#R764). */
export const RESET_KEEP_MINUTES = 15;

/** Forgotten password: a single-use link valid 1 hour (docs/product/rules.md#R764). */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mails: AccountMailsService,
    private readonly rateLimits: RateLimitService,
    private readonly delays: DelayService,
  ) {}

  /** docs/product/rules.md#R44: the same answer whether or not the address has an account. */
  async sendForgotEmail(dto: EmailDto, ip: string): Promise<MessageBody> {
    await limitAddressCall(this.rateLimits, AccountRateLimits.forgotPassword, ip, dto.email);
    const started = Date.now();
    const user = await this.users.findByEmail(dto.email);
    // Counted for every address, known or not: the same work either way (docs/product/rules.md#R763).
    const mailboxOpen = await mailboxAllows(this.rateLimits, dto.email);
    if (user && mailboxOpen) {
      await this.transactions.run(async (tx) => {
        // A link mailed less than 15 minutes ago stays valid beside the new one (docs/product/rules.md#R764).
        const token = await this.tokens.issue(tx, user.id, 'reset', this.config.auth.resetHours, { keep: { minutes: RESET_KEEP_MINUTES } });
        await this.mails.queuePasswordReset(tx, user, token);
      });
    }
    await this.delays.wait(FORGOT_ANSWER_MIN_MS - (Date.now() - started));
    return { message: AccountMessages.forgotSent };
  }

  /**
   * The reset page checks its link when it opens, so that a used or expired one offers a new
   * link at once instead of a form that can only fail. Same rate limit as the reset itself:
   * both try a token (docs/product/rules.md#R198, #R767).
   */
  async checkLink(dto: ResetLinkDto, ip: string): Promise<MessageBody> {
    await limitAddressCall(this.rateLimits, AccountRateLimits.resetPassword, ip, dto.email);
    const user = await this.users.findByEmail(dto.email);
    // The same work for a known and an unknown address, as the reset itself.
    const usable = await this.tokens.isUsable(user?.id ?? null, 'reset', dto.token);
    if (!usable || !user) throw new BadRequestError(AccountMessages.resetInvalid);
    return { message: AccountMessages.resetLinkValid };
  }

  /**
   * Sets the new password, uses the link, and revokes every session (docs/product/rules.md#R46). Following
   * the link proves the mailbox, so it also activates an account that was not yet.
   *
   * docs/product/rules.md#R190: an unknown address and a known one with a wrong link go through the same steps (one user
   * lookup, one link lookup) and get the same answer: no password is hashed before the link is
   * proven, so the answer time tells nothing about the address (and costs no CPU to a guesser).
   */
  async reset(dto: ResetPasswordDto, ip: string): Promise<MessageBody> {
    await limitAddressCall(this.rateLimits, AccountRateLimits.resetPassword, ip, dto.email);
    const user = await this.users.findByEmail(dto.email);
    const notice = await this.transactions.run(async (tx) => {
      if (!(await this.tokens.consume(tx, user?.id ?? null, 'reset', dto.token)) || !user) return null;
      const passwordHash = await this.hasher.hash(dto.password);
      await this.users.update(tx, user.id, { passwordHash });
      await this.users.activate(tx, user.id);
      await this.sessions.revokeAllForUser(user.id, tx);
      // The owner is told, in case the mailbox was not theirs alone (docs/product/rules.md#R766).
      return this.mails.queuePasswordChanged(tx, user, 'reset');
    });
    if (!notice) throw new BadRequestError(AccountMessages.resetInvalid);
    return { message: AccountMessages.resetDone };
  }
}
