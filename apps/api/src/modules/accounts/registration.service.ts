import { Inject, Injectable } from '@nestjs/common';
import { AccountMessages, ConfirmAccountResponse, MessageBody, SignupResponse, WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { BadRequestError, FieldValidationError } from '../../common/errors/domain-error';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ActivitiesRepository } from '../activities/activities.repository';
import { NewsletterService } from '../newsletter/newsletter.service';
import { AccountMailsService } from './account-mails.service';
import { AccountRateLimits, limitAddressCall, mailboxAllows } from './account-rate-limits';
import type { EmailDto } from './dto/email.dto';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { PasswordHasher } from './password-hasher';
import type { SignUpDto } from './dto/sign-up.dto';
import { EmailAlreadyUsed, UsersRepository } from './users.repository';
import { TransactionRunner } from '../../common/persistence/transaction-runner';

const EMAIL_MAX = 254;
const TOKEN_MAX = 200;

/** Sign-up, activation link and its re-sending (docs/product/rules.md#R27, docs/product/rules.md#R765, docs/product/rules.md#R30). */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly activities: ActivitiesRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly mails: AccountMailsService,
    private readonly rateLimits: RateLimitService,
    private readonly newsletter: NewsletterService,
  ) {}

  /**
   * Creates the account (not yet activated) and, in the same transaction, the activation mail's
   * outbox row: the mail exists if and only if the account does (docs/product/rules.md#R27).
   */
  async signUp(dto: SignUpDto, ip: string): Promise<SignupResponse> {
    await this.rateLimits.consume(AccountRateLimits.signUp, { ip, address: dto.mail });
    await this.checkActivityArea(dto.activityArea, (message) => FieldValidationError.single('activityArea', message));
    // docs/product/rules.md#R26: an address already taken is an error on `mail`.
    const taken = FieldValidationError.single('mail', AccountMessages.emailTaken);
    if (await this.users.emailExists(dto.mail)) throw taken;

    const passwordHash = await this.hasher.hash(dto.password);
    try {
      await this.transactions.run(async (tx) => {
        const user = await this.users.insert(tx, {
          email: dto.mail,
          firstName: dto.firstName,
          lastName: dto.lastName,
          job: dto.job ?? null,
          activityAreaId: dto.activityArea ?? null,
          newsletter: dto.newsletter ?? false,
          passwordHash,
        });
        const token = await this.tokens.issue(tx, user.id, 'activation', this.config.auth.activationHours);
        await this.mails.queueActivation(tx, user, token);
        // The box ticked: a registration like any other, confirmed by its own mail (docs/product/rules.md#R450).
        if (dto.newsletter) await this.newsletter.requestInTransaction(tx, dto.mail, 'signup', ip);
      });
    } catch (error) {
      if (error instanceof EmailAlreadyUsed) throw taken;
      throw error;
    }
    return { url: `${WebRoutes.signupConfirmed}?${new URLSearchParams({ email: dto.mail }).toString()}` };
  }

  /**
   * `GET /api/user/confirm` with the link's e-mail and token as headers (docs/product/rules.md#R19). The same
   * link opened again once the account is active says so (`alreadyActive`), and the page offers
   * to log in: only the holder of a link that really served learns it (resending the activation
   * mail keeps one answer for every address). Used links are purged every night; after that the
   * refusal's text covers both cases (docs/product/rules.md#R196).
   */
  async confirm(email: string | undefined, token: string | undefined): Promise<ConfirmAccountResponse> {
    const address = email?.trim().toLowerCase();
    const code = token?.trim();
    if (!address || !code) throw new BadRequestError(AccountMessages.activationMissingParams);
    if (address.length > EMAIL_MAX || code.length > TOKEN_MAX) throw new BadRequestError(AccountMessages.activationInvalid);

    const user = await this.users.findByEmail(address);
    if (!user) throw new BadRequestError(AccountMessages.activationInvalid);
    const activated = await this.transactions.run(async (tx) => {
      if (!(await this.tokens.consume(tx, user.id, 'activation', code))) return false;
      await this.users.activate(tx, user.id);
      return true;
    });
    if (!activated) {
      if (user.activatedAt && (await this.tokens.wasUsed(user.id, 'activation', code))) {
        return { message: AccountMessages.activationAlreadyDone, alreadyActive: true };
      }
      throw new BadRequestError(AccountMessages.activationInvalid);
    }
    return { message: AccountMessages.activationDone };
  }

  /**
   * docs/product/rules.md#R30: the same answer whether the address is unknown, active or waiting;
   * no mail past the mailbox's cap (docs/product/rules.md#R763).
   */
  async resendActivation(dto: EmailDto, ip: string): Promise<MessageBody> {
    await limitAddressCall(this.rateLimits, AccountRateLimits.resendActivation, ip, dto.email);
    const user = await this.users.findByEmail(dto.email);
    const mailboxOpen = await mailboxAllows(this.rateLimits, dto.email);
    if (user && !user.activatedAt && mailboxOpen) {
      await this.transactions.run(async (tx) => {
        // Every link mailed stays valid until one activates the account (docs/product/rules.md#R765).
        const token = await this.tokens.issue(tx, user.id, 'activation', this.config.auth.activationHours, { keep: 'all' });
        await this.mails.queueActivation(tx, user, token);
      });
    }
    return { message: AccountMessages.activationResent };
  }

  async checkActivityArea(id: number | null | undefined, toError: (message: string) => Error): Promise<void> {
    if (id === null || id === undefined) return;
    if (!(await this.activities.exists(id))) throw toError(AccountMessages.activityUnknown);
  }
}
