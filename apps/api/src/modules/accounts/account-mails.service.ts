import { Inject, Injectable } from '@nestjs/common';
import { WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import type { Transaction } from '@outils/server-db';
import { OutboxService } from '../../infrastructure/outbox/outbox.service';

interface Recipient {
  email: string;
  firstName: string;
}

/**
 * Account e-mails go only through the transactional outbox (docs/product/rules.md#R166, docs/product/rules.md#R167): each method
 * writes the job in the caller's transaction and returns the row id; the outbox hands the rows
 * to the queue after commit, and the worker's relay does it later if Redis is away.
 */
@Injectable()
export class AccountMailsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
  ) {}

  /** docs/product/rules.md#R765: `{WEB_URL}/profile/confirmed?email=…&token=…`. */
  activationUrl(email: string, token: string): string {
    return this.webLink(WebRoutes.profileConfirmed, email, token);
  }

  /** docs/product/rules.md#R764: `{WEB_URL}/login/password/reset?email=…&token=…`. */
  resetUrl(email: string, token: string): string {
    return this.webLink(WebRoutes.passwordReset, email, token);
  }

  async queueActivation(tx: Transaction, to: Recipient, token: string): Promise<string> {
    return this.outbox.enqueue(tx, {
      name: 'send-activation-mail',
      data: { to: to.email, firstName: to.firstName, activationUrl: this.activationUrl(to.email, token) },
    });
  }

  async queuePasswordReset(tx: Transaction, to: Recipient, token: string): Promise<string> {
    return this.outbox.enqueue(tx, {
      name: 'send-password-reset-mail',
      data: { to: to.email, firstName: to.firstName, resetUrl: this.resetUrl(to.email, token) },
    });
  }

  /** Sent to the former address, so that its owner learns about a change they did not make. */
  async queueEmailChanged(tx: Transaction, to: Recipient, newEmail: string): Promise<string> {
    return this.outbox.enqueue(tx, {
      name: 'send-email-changed-mail',
      data: { to: to.email, firstName: to.firstName, newEmail },
    });
  }

  /** docs/product/rules.md#R760: `{WEB_URL}/profile/email-confirmed?email=<new address>&token=…`, to the new address. */
  async queueEmailChangeConfirm(tx: Transaction, to: Recipient, token: string): Promise<string> {
    return this.outbox.enqueue(tx, {
      name: 'send-email-change-confirm-mail',
      data: { to: to.email, firstName: to.firstName, confirmUrl: this.webLink(WebRoutes.profileEmailConfirmed, to.email, token) },
    });
  }

  /** To the address in force: a change was asked, nothing moved yet. */
  async queueEmailChangeRequested(tx: Transaction, to: Recipient, newEmail: string): Promise<string> {
    return this.outbox.enqueue(tx, { name: 'send-email-change-requested-mail', data: { to: to.email, firstName: to.firstName, newEmail } });
  }

  /** docs/product/rules.md#R766: the owner told of a new password. */
  async queuePasswordChanged(tx: Transaction, to: Recipient, how: 'profile' | 'reset'): Promise<string> {
    return this.outbox.enqueue(tx, { name: 'send-password-changed-mail', data: { to: to.email, firstName: to.firstName, how } });
  }

  /** docs/product/rules.md#R766: the former owner told of the deletion. */
  async queueAccountDeleted(tx: Transaction, to: Recipient): Promise<string> {
    return this.outbox.enqueue(tx, { name: 'send-account-deleted-mail', data: { to: to.email, firstName: to.firstName } });
  }

  /** docs/product/rules.md#R770: `{WEB_URL}/login/link?email=…&token=…`. */
  async queueLoginLink(tx: Transaction, to: Recipient, token: string): Promise<string> {
    return this.outbox.enqueue(tx, {
      name: 'send-login-link-mail',
      data: { to: to.email, firstName: to.firstName, loginUrl: this.webLink(WebRoutes.loginLink, to.email, token) },
    });
  }

  private webLink(path: string, email: string, token: string): string {
    const query = new URLSearchParams({ email, token });
    return `${this.config.urls.web}${path}?${query.toString()}`;
  }
}
