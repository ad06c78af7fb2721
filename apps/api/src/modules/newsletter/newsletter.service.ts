import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogueMessages, MessageBody, NEWSLETTER_CONSENT_TEXTS, NewsletterConsentSource, NewsletterDelays, NewsletterLinkRequest,
  NewsletterState, PersonalDataApiRoutes, PersonalDataMessages, PersonalDataWebRoutes,
} from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkSigner } from '@outils/server-signing';
import type { Transaction } from '@outils/server-db';
import { BadRequestError } from '../../common/errors/domain-error';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { OutboxService } from '../../infrastructure/outbox/outbox.service';
import type { RegisterNewsletterDto } from './dto/register-newsletter.dto';
import { NewsletterLinks } from './newsletter-link';
import { NewsletterRepository, Subscriber } from './newsletter.repository';

const DAY_MS = 24 * 3600_000;

/** How an unsubscription came: recorded as the event's source-free history. */
export type UnsubscribeWay = 'one-click' | 'page' | 'profile';

/**
 * The newsletter with double opt-in (docs/product/rules.md#R450): a registration sends a
 * confirmation mail through the outbox, and only the followed link subscribes the address and
 * queues its sync to the e-mail marketing list. Every newsletter mail carries a one-click way
 * out (docs/product/rules.md#R744).
 */
@Injectable()
export class NewsletterService {
  private readonly links: NewsletterLinks;

  constructor(
    private readonly subscribers: NewsletterRepository,
    private readonly outbox: OutboxService,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signer: LinkSigner,
  ) {
    this.links = new NewsletterLinks(signer);
  }

  /**
   * `POST /api/mailjet/register`. Without the consent box nothing is recorded
   * (docs/product/rules.md#R454); the answer is the same for every address, known or not.
   */
  async register(dto: RegisterNewsletterDto, ip: string | null = null): Promise<MessageBody> {
    if (dto.consent === true) {
      await this.transactions.run((tx) => this.requestInTransaction(tx, dto.email, dto.source ?? 'popup', ip));
    }
    return { message: CatalogueMessages.newsletterRegistered };
  }

  /**
   * A registration inside the caller's transaction (the sign-up's, the profile's): records the
   * consent and queues the confirmation mail (docs/product/rules.md#R741). A waiting registration
   * gets its same link again; an unsubscribed or expired one starts anew with a new link, mailed.
   * Past the address's budget nothing is recorded or sent: a restarted registration whose link
   * could not be mailed would be a dead end.
   */
  async requestInTransaction(tx: Transaction, email: string, source: NewsletterConsentSource, ip: string | null): Promise<void> {
    let { subscriber } = await this.subscribers.lockOrCreate(tx, email, source);
    if (subscriber.status === 'subscribed') return;
    const restart = subscriber.status === 'unsubscribed' || subscriber.requestedAt.getTime() < Date.now() - NewsletterDelays.confirmationDays * DAY_MS;
    if (await this.subscribers.confirmationMailsSince(tx, subscriber.id, DAY_MS) >= NewsletterDelays.confirmationMailsPerDay) return;
    // A double click, or two forms sent at once, mail the waiting registration once.
    const gapMs = NewsletterDelays.confirmationMailGapMinutes * 60_000;
    if (!restart && subscriber.confirmationSentAt !== null && subscriber.confirmationSentAt.getTime() > Date.now() - gapMs) return;
    if (restart) subscriber = await this.subscribers.restartPending(tx, subscriber.id, source);
    await this.subscribers.markConfirmationSent(tx, subscriber.id);
    await this.subscribers.addEvent(tx, subscriber.id, { kind: 'requested', source, consentText: NEWSLETTER_CONSENT_TEXTS[source], ip });
    await this.outbox.enqueue(tx, {
      name: 'send-newsletter-confirmation-mail',
      data: { to: subscriber.email, confirmUrl: this.confirmUrl(subscriber), ...this.unsubscribeUrls(subscriber.id) },
    });
  }

  /** `POST /api/newsletter/confirm`: the link of the confirmation mail (docs/product/rules.md#R451). */
  async confirm(link: NewsletterLinkRequest, ip: string | null): Promise<MessageBody> {
    const outcome = await this.transactions.run(async (tx) => {
      const subscriber = await this.subscribers.lockById(tx, link.id);
      if (!subscriber || !this.links.confirms(subscriber.id, subscriber.requestedAt, link.token)) return { invalid: true as const };
      if (subscriber.status === 'subscribed') return { message: PersonalDataMessages.newsletterAlreadyConfirmed };
      const expired = subscriber.requestedAt.getTime() < Date.now() - NewsletterDelays.confirmationDays * DAY_MS;
      if (subscriber.status !== 'pending' || expired) return { invalid: true as const };
      await this.subscribers.markSubscribed(tx, subscriber.id);
      await this.subscribers.addEvent(tx, subscriber.id, { kind: 'confirmed', source: null, consentText: null, ip });
      await this.outbox.enqueue(tx, { name: 'sync-newsletter-subscriber', data: { subscriberId: subscriber.id } });
      return { message: PersonalDataMessages.newsletterConfirmed };
    });
    if ('invalid' in outcome) throw new BadRequestError(PersonalDataMessages.newsletterConfirmInvalid);
    return { message: outcome.message };
  }

  /**
   * The one-click POST of a mail client (RFC 8058) or the web page's call: works without a
   * session, answers the same when the address was already out or was deleted since
   * (docs/product/rules.md#R744).
   */
  async unsubscribe(link: NewsletterLinkRequest, ip: string | null): Promise<MessageBody> {
    if (!this.links.unsubscribes(link.id, link.token)) {
      throw new BadRequestError(PersonalDataMessages.newsletterUnsubscribeInvalid);
    }
    await this.transactions.run(async (tx) => {
      const subscriber = await this.subscribers.lockById(tx, link.id);
      if (subscriber) await this.unsubscribeLocked(tx, subscriber, ip);
    });
    return { message: PersonalDataMessages.newsletterUnsubscribed };
  }

  /** The profile switch turned off (docs/product/rules.md#R456). */
  async unsubscribeInTransaction(tx: Transaction, email: string, ip: string | null): Promise<void> {
    const found = await this.subscribers.findByEmail(email);
    if (!found) return;
    const subscriber = await this.subscribers.lockById(tx, found.id);
    if (subscriber) await this.unsubscribeLocked(tx, subscriber, ip);
  }

  /**
   * The account of `email` is being deleted, in the deletion's transaction
   * (docs/product/rules.md#R742): a registration never confirmed is deleted with its history; a
   * confirmed one is ended (and withdrawn from the marketing list) and keeps only its proof of
   * consent, which no admin view reads, until housekeeping erases it (docs/product/rules.md#R458).
   */
  async forgetDeletedAccount(tx: Transaction, email: string, ip: string | null): Promise<void> {
    const subscriber = await this.subscribers.lockByEmail(tx, email);
    if (!subscriber) return;
    if (!subscriber.confirmedAt) {
      await this.subscribers.deleteWithHistory(tx, subscriber.id);
      return;
    }
    await this.unsubscribeLocked(tx, subscriber, ip);
    await this.subscribers.markAccountDeleted(tx, subscriber.id);
  }

  /** What the profile switch shows: the address's real state (docs/product/rules.md#R456). */
  async stateOf(email: string): Promise<NewsletterState> {
    const subscriber = await this.subscribers.findByEmail(email);
    if (!subscriber) return { status: 'none' };
    const expired = subscriber.status === 'pending' && subscriber.requestedAt.getTime() < Date.now() - NewsletterDelays.confirmationDays * DAY_MS;
    return { status: expired ? 'none' : subscriber.status };
  }

  /** The web page a GET of the one-click address leads to, with the link's parameters as they came. */
  unsubscribePageUrl(id: string, token: string): string {
    const query = new URLSearchParams({ id: id.slice(0, 100), token: token.slice(0, 100) });
    return `${this.config.urls.web}${PersonalDataWebRoutes.newsletterUnsubscribe}?${query.toString()}`;
  }

  private async unsubscribeLocked(tx: Transaction, subscriber: Subscriber, ip: string | null): Promise<void> {
    if (subscriber.status === 'unsubscribed') return;
    await this.subscribers.markUnsubscribed(tx, subscriber.id);
    await this.subscribers.addEvent(tx, subscriber.id, { kind: 'unsubscribed', source: null, consentText: null, ip });
    // Only an address that was once on the list has anything to withdraw there.
    if (!subscriber.confirmedAt) return;
    await this.outbox.enqueue(tx, { name: 'sync-newsletter-subscriber', data: { subscriberId: subscriber.id } });
  }

  private confirmUrl(subscriber: Subscriber): string {
    const query = new URLSearchParams({ id: subscriber.id, token: this.links.confirmToken(subscriber.id, subscriber.requestedAt) });
    return `${this.config.urls.web}${PersonalDataWebRoutes.newsletterConfirmed}?${query.toString()}`;
  }

  private unsubscribeUrls(subscriberId: string): { unsubscribeUrl: string; oneClickUrl: string } {
    const query = new URLSearchParams({ id: subscriberId, token: this.links.unsubscribeToken(subscriberId) }).toString();
    return {
      unsubscribeUrl: `${this.config.urls.web}${PersonalDataWebRoutes.newsletterUnsubscribe}?${query}`,
      oneClickUrl: `${this.config.urls.api}${PersonalDataApiRoutes.newsletterUnsubscribe}?${query}`,
    };
  }
}
