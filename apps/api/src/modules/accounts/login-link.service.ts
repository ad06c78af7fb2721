import { Injectable } from '@nestjs/common';
import { AccountMessages, LoginResponse, MessageBody } from '@outils/contracts';
import { SessionsRepository } from '../../common/auth/sessions.repository';
import { BadRequestError } from '../../common/errors/domain-error';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { DelayService } from '../../common/rate-limit/delay.service';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AccountMailsService } from './account-mails.service';
import { AccountRateLimits, limitAddressCall, mailboxAllows } from './account-rate-limits';
import type { EmailDto } from './dto/email.dto';
import type { LoginLinkDto } from './dto/one-time-link.dto';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { FORGOT_ANSWER_MIN_MS } from './password-reset.service';
import { UsersRepository } from './users.repository';

/** A login link lasts 15 minutes (docs/product/rules.md#R770). */
export const LOGIN_LINK_HOURS = 0.25;

/**
 * A one-time login link by e-mail (docs/product/rules.md#R770): what the login page offers when
 * the password alone is refused for a while (docs/product/rules.md#R769). Proving the mailbox is
 * what a script guessing passwords cannot do cheaply, and what lets the owner in whatever
 * happens to the password.
 */
@Injectable()
export class LoginLinkService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly sessions: SessionsRepository,
    private readonly mails: AccountMailsService,
    private readonly rateLimits: RateLimitService,
    private readonly delays: DelayService,
  ) {}

  /** The same answer, in about the same time, whatever the address; no mail past the mailbox's cap (docs/product/rules.md#R763). */
  async send(dto: EmailDto, ip: string): Promise<MessageBody> {
    await limitAddressCall(this.rateLimits, AccountRateLimits.loginLink, ip, dto.email);
    const started = Date.now();
    const user = await this.users.findByEmail(dto.email);
    const mailboxOpen = await mailboxAllows(this.rateLimits, dto.email);
    if (user?.activatedAt && mailboxOpen) {
      await this.transactions.run(async (tx) => {
        const token = await this.tokens.issue(tx, user.id, 'login', LOGIN_LINK_HOURS, { keep: 'all' });
        await this.mails.queueLoginLink(tx, user, token);
      });
    }
    await this.delays.wait(FORGOT_ANSWER_MIN_MS - (Date.now() - started));
    return { message: AccountMessages.loginLinkSent };
  }

  /** Opens a session with the link, once: `{ user, token }` as a login does. */
  async confirm(dto: LoginLinkDto, ip: string): Promise<LoginResponse> {
    await limitAddressCall(this.rateLimits, AccountRateLimits.loginLinkConfirm, ip, dto.email);
    const user = await this.users.findByEmail(dto.email);
    const token = await this.transactions.run(async (tx) => {
      if (!(await this.tokens.consume(tx, user?.id ?? null, 'login', dto.token)) || !user) return null;
      return this.sessions.create(user.id, tx);
    });
    if (!token || !user) throw new BadRequestError(AccountMessages.loginLinkInvalid);
    return { user: user.email, token };
  }
}
