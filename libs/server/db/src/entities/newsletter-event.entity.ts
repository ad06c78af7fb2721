import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { NewsletterConsentSource, NewsletterEventKind } from '@outils/contracts';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';

/**
 * The proof of consent and the history of an address (docs/product/rules.md#R452): each
 * registration, confirmation and unsubscription with its date, source, the consent text shown
 * and the IP it came from.
 */
@Entity('newsletter_event')
@Check('newsletter_event_kind_check', "kind IN ('requested', 'confirmed', 'unsubscribed')")
@Index('newsletter_event_subscriber_idx', ['subscriberId', 'id'])
/** (created_at) WHERE kind = 'confirmed': today's subscriptions on the statistics page (docs/product/rules.md#R676). */
@Index('newsletter_event_confirmed_idx', { synchronize: false })
export class NewsletterEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ name: 'subscriber_id', type: 'uuid' }) subscriberId: string;
  @ManyToOne(() => NewsletterSubscriberEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscriber_id', foreignKeyConstraintName: 'newsletter_event_subscriber_id_fkey' })
  subscriber?: NewsletterSubscriberEntity;
  @Column({ type: 'varchar', length: 16 }) kind: NewsletterEventKind;
  @Column({ type: 'varchar', length: 20, nullable: true }) source: NewsletterConsentSource | null;
  @Column({ name: 'consent_text', type: 'text', nullable: true }) consentText: string | null;
  @Column({ type: 'varchar', length: 45, nullable: true }) ip: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
