import { Inject, Injectable } from '@nestjs/common';
import { CatalogueMessages, MessageBody } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { OutboxRepository } from '@outils/server-jobs';
import { OutboxService } from '../../infrastructure/queue.module';
import type { RegisterNewsletterDto } from './dto/register-newsletter.dto';
import { NewsletterRepository } from './newsletter.repository';
import { TransactionRunner } from '../../common/persistence/transaction-runner';

/**
 * Newsletter sign-ups from the home page, the popups and the profile. Consenting subscribers
 * are synced to the e-mail marketing provider by the worker, through the outbox (docs/product/rules.md#R117).
 */
@Injectable()
export class NewsletterService {
  constructor(
    private readonly subscribers: NewsletterRepository,
    private readonly outboxRows: OutboxRepository,
    private readonly outbox: OutboxService,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get mailjetConfigured(): boolean {
    const { apiKey, apiSecret, listId } = this.config.mailjet;
    return Boolean(apiKey && apiSecret && listId);
  }

  async register(dto: RegisterNewsletterDto): Promise<MessageBody> {
    const outboxIds = await this.transactions.run(async (tx) => {
      const subscriber = await this.subscribers.upsert(tx, dto.email, dto.consent === true, dto.source ?? 'popup');
      // A first consent queues the sync; a repeat sign-up re-queues a subscriber not yet synced
      // only when Mailjet is configured (otherwise nothing would ever mark it synced). The
      // handler is idempotent, so a duplicate job is harmless.
      const retry = !subscriber.synced && this.mailjetConfigured;
      if (!subscriber.consent || !(subscriber.newlyConsented || retry)) return [];
      const row = await this.outboxRows.enqueue(tx, { name: 'sync-newsletter-subscriber', data: { subscriberId: subscriber.id } });
      return [row.id];
    });
    this.outbox.dispatchSoon(outboxIds);
    // Same answer whether the address was new or known.
    return { message: CatalogueMessages.newsletterRegistered };
  }
}
