import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NewsletterSource } from '@outils/contracts';

@Entity('newsletter_subscriber')
@Check('newsletter_subscriber_email_check', 'email = lower(email)')
@Check('newsletter_subscriber_source_check', "source IN ('home', 'popup', 'download', 'profile')")
export class NewsletterSubscriberEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254, unique: true }) email: string;
  @Column({ type: 'boolean', default: false }) consent: boolean;
  @Column({ name: 'consent_at', type: 'timestamptz', nullable: true }) consentAt: Date | null;
  @Column({ type: 'varchar', length: 20 }) source: NewsletterSource;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /** Last successful push to the e-mail marketing provider's contact list. */
  @Column({ name: 'synced_at', type: 'timestamptz', nullable: true }) syncedAt: Date | null;
}
