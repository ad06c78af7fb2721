import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountMessages, MessageBody } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { BadRequestError } from '../../common/errors/domain-error';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { UsersRepository } from '../users/users.repository';
import { AccountMailsService } from './account-mails.service';
import { AccountRateLimits } from './account-rate-limits';
import type { EmailDto } from './dto/email.dto';
import type { ResetLinkDto, ResetPasswordDto } from './dto/reset-password.dto';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';

/** Forgotten password: a single-use link valid 1 hour (decisions §2). */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mails: AccountMailsService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** decisions §2: the same answer whether or not the address has an account. */
  async sendForgotEmail(dto: EmailDto, ip: string): Promise<MessageBody> {
    await this.rateLimits.consume(AccountRateLimits.forgotPassword, { ip, address: dto.email });
    const user = await this.users.findByEmail(dto.email);
    if (user) {
      const outboxId = await this.dataSource.transaction(async (em) => {
        const token = await this.tokens.issue(em, user.id, 'reset', this.config.auth.resetHours);
        return this.mails.queuePasswordReset(em, user, token);
      });
      this.mails.dispatch([outboxId]);
    }
    return { message: AccountMessages.forgotSent };
  }

  /**
   * The reset page checks its link when it opens, so that a used or expired one offers a new
   * link at once instead of a form that can only fail. Same rate limit as the reset itself:
   * both try a token (docs/product/rules.md#R187, #R158).
   */
  async checkLink(dto: ResetLinkDto, ip: string): Promise<MessageBody> {
    await this.rateLimits.consume(AccountRateLimits.resetPassword, { ip, address: dto.email });
    const user = await this.users.findByEmail(dto.email);
    const usable = !!user && (await this.tokens.isUsable(this.dataSource.manager, user.id, 'reset', dto.token));
    if (!usable) throw new BadRequestError(AccountMessages.resetInvalid);
    return { message: AccountMessages.resetLinkValid };
  }

  /**
   * Sets the new password, uses the link, and revokes every session (decisions §2). Following
   * the link proves the mailbox, so it also activates an account that was not yet.
   */
  async reset(dto: ResetPasswordDto, ip: string): Promise<MessageBody> {
    await this.rateLimits.consume(AccountRateLimits.resetPassword, { ip, address: dto.email });
    const user = await this.users.findByEmail(dto.email);
    if (!user) throw new BadRequestError(AccountMessages.resetInvalid);
    const passwordHash = await this.hasher.hash(dto.password);
    const done = await this.dataSource.transaction(async (em) => {
      if (!(await this.tokens.consume(em, user.id, 'reset', dto.token))) return false;
      await this.users.update(em, user.id, { passwordHash });
      await this.users.activate(em, user.id);
      await this.sessions.revokeAllForUser(user.id, em);
      return true;
    });
    if (!done) throw new BadRequestError(AccountMessages.resetInvalid);
    return { message: AccountMessages.resetDone };
  }
}
