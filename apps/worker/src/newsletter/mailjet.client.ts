import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { APP_CONFIG, AppConfig } from '@outils/server-config';

/** A refusal that retrying cannot fix (bad address, bad list, bad credentials). */
export class MailjetRejectedError extends UnrecoverableError {}

/**
 * `addforce` subscribes the contact even after an earlier unsubscription: only sent for an
 * address that has just confirmed by double opt-in; `unsub` takes it off the list
 * (docs/product/rules.md#R457).
 */
export type MailjetAction = 'addforce' | 'unsub';

/**
 * Mailjet's contact-list API over global fetch (no SDK): `POST /v3/REST/contactslist/{list}/managecontact`
 * with basic auth.
 */
@Injectable()
export class MailjetClient {
  static readonly TIMEOUT_MS = 10_000;
  private readonly settings: AppConfig['mailjet'];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = config.mailjet;
  }

  /** False when MAILJET_API_KEY, MAILJET_API_SECRET or MAILJET_LIST_ID is missing: subscribers are only recorded. */
  get configured(): boolean {
    return Boolean(this.settings.apiKey && this.settings.apiSecret && this.settings.listId);
  }

  async manageContact(email: string, action: MailjetAction): Promise<void> {
    if (!this.configured) throw new Error('Mailjet is not configured');
    const { apiUrl, apiKey, apiSecret, listId } = this.settings;
    const url = `${apiUrl}/v3/REST/contactslist/${encodeURIComponent(listId!)}/managecontact`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ Email: email, Action: action }),
      signal: AbortSignal.timeout(MailjetClient.TIMEOUT_MS),
    });
    if (response.ok) return;
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    const message = `Mailjet answered ${response.status}${detail ? `: ${detail}` : ''}`;
    // 429 and 5xx are worth retrying (backoff comes from the job options); other 4xx are not.
    if (response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 408) {
      throw new MailjetRejectedError(message);
    }
    throw new Error(message);
  }
}
