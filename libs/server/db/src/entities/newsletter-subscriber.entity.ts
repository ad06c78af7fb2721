import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NewsletterConsentSource, NewsletterStatus } from '@outils/contracts';

/**
 * One address of the newsletter (docs/product/rules.md#R450): `pending` until its confirmation
 * link is followed, `subscribed` from then on, `unsubscribed` after a way out. The steps and
 * their proof of consent are in `newsletter_event`.
 */
@Entity('newsletter_subscriber')
@Check('newsletter_subscriber_email_check', 'email = lower(email)')
@Check('newsletter_subscriber_source_check', "source IN ('home', 'popup', 'download', 'profile', 'signup')")
@Check('newsletter_subscriber_status_check', "status IN ('pending', 'subscribed', 'unsubscribed')")
@Index('newsletter_subscriber_pending_idx', { synchronize: false })
export class NewsletterSubscriberEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254, unique: true }) email: string;
  @Column({ type: 'varchar', length: 12, default: 'pending' }) status: NewsletterStatus;
  /** Source of the latest registration. */
  @Column({ type: 'varchar', length: 20 }) source: NewsletterConsentSource;
  /** Start of the current pending registration: its link is valid 30 days from here (docs/product/rules.md#R451). */
  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' }) requestedAt: Date;
  /** Last confirmation mail queued: none again within minutes (docs/product/rules.md#R741). */
  @Column({ name: 'confirmation_sent_at', type: 'timestamptz', nullable: true }) confirmationSentAt: Date | null;
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true }) confirmedAt: Date | null;
  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true }) unsubscribedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /**
   * Set when the account of this address was deleted: only the proof of consent is left, read by
   * no admin view (docs/product/rules.md#R742); cleared by a new registration.
   */
  @Column({ name: 'account_deleted_at', type: 'timestamptz', nullable: true }) accountDeletedAt: Date | null;
  /** Last successful push of the current state to the e-mail marketing provider. */
  @Column({ name: 'synced_at', type: 'timestamptz', nullable: true }) syncedAt: Date | null;
}
