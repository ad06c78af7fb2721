import { Injectable } from '@nestjs/common';
import { AccountMessages, CommonMessages, UserDeleteResponse, UserShowResponse, UserUpdateResponse } from '@outils/contracts';
import type { UserEntity } from '@outils/server-db';
import { BadRequestError, DetailError, UnauthorizedError } from '../../common/errors/domain-error';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AccountMailsService } from './account-mails.service';
import { AccountRateLimits } from './account-rate-limits';
import type { AuthUser } from '../../common/auth/auth-user';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from '../../common/auth/sessions.repository';
import type { DeleteUserDto } from './dto/delete-user.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import { RegistrationService } from './registration.service';
import { NewsletterService } from '../newsletter/newsletter.service';
import { toUserData } from './user.mapper';
import { UserPatch, UsersRepository } from './users.repository';
import { EmailChangeService } from './email-change.service';
import { TransactionRunner } from '../../common/persistence/transaction-runner';

/** The signed-in member's own account: read, edit, delete ('Modifier mon compte', docs/product/rules.md#R52). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mails: AccountMailsService,
    private readonly registration: RegistrationService,
    private readonly rateLimits: RateLimitService,
    private readonly newsletter: NewsletterService,
    private readonly emailChange: EmailChangeService,
  ) {}

  async show(auth: AuthUser): Promise<UserShowResponse> {
    const user = await this.load(auth);
    return { userData: toUserData(user, await this.newsletter.stateOf(user.email), await this.emailChange.pending(user.id)) };
  }

  /**
   * Applies the given fields. Changing the e-mail or the password needs the current password
   * (docs/product/rules.md#R54). A new e-mail is only asked here: the account keeps its address
   * until the new mailbox follows its link (docs/product/rules.md#R760), and the answer's
   * `userMail` is the address in force. A new password revokes every session, the caller's
   * included (docs/product/rules.md#R55), and the owner is told by mail (docs/product/rules.md#R766).
   * Failures are 400 `{ errors: { detail } }` or field errors (docs/product/rules.md#R57).
   */
  async update(auth: AuthUser, dto: UpdateUserDto, ip: string | null = null): Promise<UserUpdateResponse> {
    const user = await this.load(auth);
    const newEmail = dto.mail !== undefined && dto.mail !== user.email ? dto.mail : undefined;
    const newPassword = dto.password;

    if (newEmail !== undefined || newPassword !== undefined) {
      if (!dto.oldPassword) throw new DetailError(AccountMessages.oldPasswordRequired);
      await this.checkPassword(user, dto.oldPassword, (message) => new DetailError(message));
    }
    await this.registration.checkActivityArea(dto.activityArea, (message) => new DetailError(message));
    if (newEmail !== undefined && (await this.users.emailExists(newEmail))) throw new DetailError(AccountMessages.emailTaken);
    if (newEmail !== undefined) await this.emailChange.checkMailbox(newEmail);

    const patch: UserPatch = {};
    if (dto.firstName !== undefined) patch.firstName = dto.firstName;
    if (dto.lastName !== undefined) patch.lastName = dto.lastName;
    if (dto.job !== undefined) patch.job = dto.job;
    if (dto.activityArea !== undefined) patch.activityAreaId = dto.activityArea;
    if (dto.newsletter !== undefined) patch.newsletter = dto.newsletter;
    if (newPassword !== undefined) patch.passwordHash = await this.hasher.hash(newPassword);
    const firstName = patch.firstName ?? user.firstName;

    // The switch acts on the real subscription of the address in force (docs/product/rules.md#R456).
    const newsletterWasOn = dto.newsletter === undefined ? undefined : (await this.newsletter.stateOf(user.email)).status;
    await this.transactions.run(async (tx) => {
      await this.users.update(tx, user.id, patch);
      if (newPassword !== undefined) {
        await this.sessions.revokeAllForUser(user.id, tx);
        await this.mails.queuePasswordChanged(tx, { email: user.email, firstName }, 'profile');
      }
      const on = newsletterWasOn === 'subscribed' || newsletterWasOn === 'pending';
      if (dto.newsletter === true && !on) await this.newsletter.requestInTransaction(tx, user.email, 'profile', ip);
      if (dto.newsletter === false && on) await this.newsletter.unsubscribeInTransaction(tx, user.email, ip);
      if (newEmail !== undefined) await this.emailChange.request(tx, user, firstName, newEmail);
    });
    const message =
      newEmail === undefined
        ? newPassword !== undefined ? AccountMessages.updateDonePasswordChanged : AccountMessages.updateDone
        : newPassword !== undefined ? AccountMessages.emailChangeSentPasswordChanged(newEmail) : AccountMessages.emailChangeSent(newEmail);
    return { message, userMail: user.email, ...(newEmail === undefined ? {} : { pendingEmail: newEmail }) };
  }

  /** Needs the current password; removes personal data, keeps anonymised download logs. */
  async delete(auth: AuthUser, dto: DeleteUserDto, ip: string | null = null): Promise<UserDeleteResponse> {
    const user = await this.load(auth);
    // A wrong password is a 400, not a 401: a 401 would sign the member out of the web app.
    await this.checkPassword(user, dto.oldPassword, (message) => new BadRequestError(message));
    await this.transactions.run(async (tx) => {
      // Every device signed out on every instance (docs/product/rules.md#R839), then the data.
      await this.sessions.revokeAllForUser(user.id, tx);
      await this.users.deleteWithPersonalData(tx, user);
      // The address leaves the newsletter and the admin's contacts too (docs/product/rules.md#R742).
      await this.newsletter.forgetDeletedAccount(tx, user.email, ip);
      // The former owner is told (docs/product/rules.md#R766); the row is written after the purge of the address's sent mails.
      await this.mails.queueAccountDeleted(tx, user);
    });
    return { success: true, message: AccountMessages.deleteDone };
  }

  private async load(auth: AuthUser): Promise<UserEntity> {
    const user = await this.users.findById(auth.id);
    // Deleted between the guard and here.
    if (!user) throw new UnauthorizedError(CommonMessages.sessionInvalid);
    return user;
  }

  /** The current password, with its own per-account budget against guessing from a stolen session. */
  private async checkPassword(user: UserEntity, password: string, toError: (message: string) => Error): Promise<void> {
    await this.rateLimits.consume(AccountRateLimits.passwordCheck, { address: user.id });
    if (!(await this.hasher.verify(user.passwordHash, password))) throw toError(AccountMessages.oldPasswordWrong);
  }
}
