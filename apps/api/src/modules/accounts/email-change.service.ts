import { Injectable } from '@nestjs/common';
import { AccountMessages, MessageBody } from '@outils/contracts';
import type { Transaction, UserEntity } from '@outils/server-db';
import type { AuthUser } from '../../common/auth/auth-user';
import { BadRequestError, TooManyRequestsError } from '../../common/errors/domain-error';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AccountMailsService } from './account-mails.service';
import { AccountRateLimits, mailboxAllows } from './account-rate-limits';
import type { EmailChangeLinkDto } from './dto/one-time-link.dto';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { EmailAlreadyUsed, UsersRepository } from './users.repository';
import { SessionsRepository } from '../../common/auth/sessions.repository';

/** How long the new mailbox's link is valid (docs/product/rules.md#R760). */
export const EMAIL_CHANGE_HOURS = 24;

export interface EmailChangeConfirmed extends MessageBody {
  /** The address in force from now on. */
  userMail: string;
  /** Whether the caller's own session is the account that moved: the web then stores the new address. */
  ownSession: boolean;
}

/**
 * A change of e-mail proven by the new mailbox (docs/product/rules.md#R760): the account keeps its
 * address until the link mailed to the new one is followed, so nothing keyed by an address
 * (newsletter, data exports, download logs) moves for an address its owner never proved.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly mails: AccountMailsService,
    private readonly rateLimits: RateLimitService,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Refuses, before anything is written, a new address whose mailbox had its share of mails (docs/product/rules.md#R763). */
  async checkMailbox(newEmail: string): Promise<void> {
    if (!(await mailboxAllows(this.rateLimits, newEmail))) throw new TooManyRequestsError(AccountMessages.emailChangeTooMany);
  }

  /**
   * In the caller's transaction: the link (replacing a pending one), its mail to the new address
   * and the notice to the address in force; both mails leave once the transaction commits.
   */
  async request(tx: Transaction, user: Pick<UserEntity, 'id' | 'email'>, firstName: string, newEmail: string): Promise<void> {
    const token = await this.tokens.issue(tx, user.id, 'email-change', EMAIL_CHANGE_HOURS, { newEmail });
    await this.mails.queueEmailChangeConfirm(tx, { email: newEmail, firstName }, token);
    await this.mails.queueEmailChangeRequested(tx, { email: user.email, firstName }, newEmail);
  }

  pending(userId: string): Promise<string | null> {
    return this.tokens.pendingEmailChange(userId);
  }

  /**
   * `POST /api/user/email/confirm` (docs/product/rules.md#R761): the link's address and token move
   * the account, once. Sessions stay (they belong to the account, not to its address); the
   * former address is told. A used, expired, cancelled or tampered link, or an address taken
   * meanwhile, is a 400 that changes nothing.
   */
  async confirm(dto: EmailChangeLinkDto, ip: string, caller?: AuthUser): Promise<EmailChangeConfirmed> {
    await this.rateLimits.consume(AccountRateLimits.confirmEmail, { ip });
    let movedUserId: string | null;
    try {
      movedUserId = await this.transactions.run(async (tx) => {
        const userId = await this.tokens.consumeEmailChange(tx, dto.email, dto.token);
        const user = userId ? await this.users.findById(userId, tx) : null;
        if (!user) return null;
        await this.users.update(tx, user.id, { email: dto.email });
        // The sessions stay, but no instance may go on believing their former address (R18).
        this.sessions.userChanged(user.id, tx);
        await this.mails.queueEmailChanged(tx, user, dto.email);
        return user.id;
      });
    } catch (error) {
      if (error instanceof EmailAlreadyUsed) throw new BadRequestError(AccountMessages.emailTaken);
      throw error;
    }
    if (!movedUserId) throw new BadRequestError(AccountMessages.emailChangeInvalid);
    return { message: AccountMessages.emailChangeDone, userMail: dto.email, ownSession: caller?.id === movedUserId };
  }

  /** `POST /api/user/email/cancel` (docs/product/rules.md#R762): the pending link stops working. */
  async cancel(auth: AuthUser): Promise<MessageBody> {
    const removed = await this.transactions.run((tx) => this.tokens.cancel(tx, auth.id, 'email-change'));
    if (removed === 0) throw new BadRequestError(AccountMessages.emailChangeNothingPending);
    return { message: AccountMessages.emailChangeCancelled };
  }
}
