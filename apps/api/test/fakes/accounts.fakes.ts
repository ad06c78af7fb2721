import { afterCommit, type Transaction } from '@outils/server-db';
import { TooManyRequestsError } from '../../src/common/errors/domain-error';
import type { RateLimitService } from '../../src/common/rate-limit/rate-limit.service';
import type { RateLimitRule, RateLimitSubject } from '../../src/common/rate-limit/rate-limit.types';
import type { AccountMailsService } from '../../src/modules/accounts/account-mails.service';
import type { PasswordHasher } from '../../src/modules/accounts/password-hasher';
import { Semaphore } from '../../src/common/concurrency/semaphore';
import { MapStore, Shape } from './persistence.fakes';

type Recipient = Parameters<AccountMailsService['queueActivation']>[1];

/** A hasher without argon2's cost: `hash(pw)` is readable, `verify` checks it. */
export class FakeHasher implements Shape<PasswordHasher> {
  verifications = 0;
  readonly gate = new Semaphore(1, 1);

  async hash(password: string): Promise<string> {
    return `hash(${password})`;
  }
  async verify(hash: string, password: string): Promise<boolean> {
    this.verifications += 1;
    return hash === `hash(${password})`;
  }
  async verifyDummy(): Promise<void> {
    this.verifications += 1;
  }
}

/**
 * Rate limits that count in memory: each rule/subject pair allows `budget` attempts, then throws
 * the 429 the real service throws. Only `consume` is used by the services under test.
 */
export class FakeRateLimits implements Pick<Shape<RateLimitService>, 'consume' | 'slowDown' | 'allows'> {
  readonly counts = new Map<string, number>();

  constructor(private readonly budget = Number.POSITIVE_INFINITY) {}

  async consume(rule: RateLimitRule, subject: RateLimitSubject, message = 'Trop de tentatives.'): Promise<void> {
    const key = `${rule.name}:${JSON.stringify(subject)}`;
    const used = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, used);
    if (used > this.budget) throw new TooManyRequestsError(message, 60);
  }
  async allows(rule: RateLimitRule, subject: RateLimitSubject): Promise<boolean> {
    return this.consume(rule, subject).then(() => true, () => false);
  }
  async slowDown(): Promise<number> {
    return 0;
  }
  /** Attempts counted for `rule` over every subject. */
  countOf(rule: RateLimitRule): number {
    return [...this.counts].filter(([key]) => key.startsWith(`${rule.name}:`)).reduce((n, [, c]) => n + c, 0);
  }
}

/** A queued account mail: an outbox row, written in the caller's transaction. */
export interface FakeMail {
  job: 'activation' | 'password-reset' | 'email-changed' | 'email-change-confirm' | 'email-change-requested' | 'password-changed' | 'account-deleted' | 'login-link';
  to: string;
  firstName?: string | null;
  detail: string;
}

/**
 * The account mails as outbox rows in memory (a `FakeStore`: a rollback takes them back, so a
 * mail exists if and only if its change commits, docs/product/rules.md#R167), and the ids
 * handed to the queue after commit, as the outbox does.
 */
export class FakeAccountMails extends MapStore<string, FakeMail>
  implements Pick<
    Shape<AccountMailsService>,
    | 'queueActivation' | 'queuePasswordReset' | 'queueEmailChanged' | 'queueEmailChangeConfirm' | 'queueEmailChangeRequested'
    | 'queuePasswordChanged' | 'queueAccountDeleted' | 'queueLoginLink'
  > {
  readonly dispatched: string[] = [];
  private next = 0;

  private add(tx: Transaction, mail: FakeMail): string {
    this.next += 1;
    const id = `outbox-${this.next}`;
    this.rows.set(id, mail);
    afterCommit(tx, () => this.dispatched.push(id));
    return id;
  }
  async queueActivation(tx: Transaction, to: Recipient, token: string) {
    return this.add(tx, { job: 'activation', to: to.email, firstName: to.firstName, detail: token });
  }
  async queuePasswordReset(tx: Transaction, to: Recipient, token: string) {
    return this.add(tx, { job: 'password-reset', to: to.email, firstName: to.firstName, detail: token });
  }
  async queueEmailChanged(tx: Transaction, to: Recipient, newEmail: string) {
    return this.add(tx, { job: 'email-changed', to: to.email, firstName: to.firstName, detail: newEmail });
  }
  async queueEmailChangeConfirm(tx: Transaction, to: Recipient, token: string) {
    return this.add(tx, { job: 'email-change-confirm', to: to.email, firstName: to.firstName, detail: token });
  }
  async queueEmailChangeRequested(tx: Transaction, to: Recipient, newEmail: string) {
    return this.add(tx, { job: 'email-change-requested', to: to.email, firstName: to.firstName, detail: newEmail });
  }
  async queuePasswordChanged(tx: Transaction, to: Recipient, how: 'profile' | 'reset') {
    return this.add(tx, { job: 'password-changed', to: to.email, firstName: to.firstName, detail: how });
  }
  async queueAccountDeleted(tx: Transaction, to: Recipient) {
    return this.add(tx, { job: 'account-deleted', to: to.email, firstName: to.firstName, detail: '' });
  }
  async queueLoginLink(tx: Transaction, to: Recipient, token: string) {
    return this.add(tx, { job: 'login-link', to: to.email, firstName: to.firstName, detail: token });
  }
}
