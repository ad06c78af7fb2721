import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ActivityAreaEntity } from './activity-area.entity';

@Entity('app_user')
/** (activated_at) WHERE activated_at IS NOT NULL: today's sign-ups on the statistics page (docs/product/rules.md#R676). */
@Index('app_user_activated_idx', { synchronize: false })
@Check('app_user_email_check', 'email = lower(email)')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Always stored lower-cased, so the unique index is case-insensitive. */
  @Column({ type: 'varchar', length: 254, unique: true }) email: string;
  @Column({ name: 'first_name', type: 'varchar', length: 100 }) firstName: string;
  @Column({ name: 'last_name', type: 'varchar', length: 100 }) lastName: string;
  @Column({ type: 'varchar', length: 150, nullable: true }) job: string | null;
  @Column({ name: 'activity_area_id', type: 'int', nullable: true }) activityAreaId: number | null;
  @ManyToOne(() => ActivityAreaEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'activity_area_id', foreignKeyConstraintName: 'app_user_activity_area_id_fkey' })
  activityArea?: ActivityAreaEntity | null;
  @Column({ type: 'boolean', default: false }) newsletter: boolean;
  /** « Me prévenir quand un outil que j'utilise est mis à jour », on by default (docs/product/rules.md#R910). */
  @Column({ name: 'update_alerts', type: 'boolean', default: true }) updateAlerts: boolean;
  /** The day (Paris) of the last update digest: one a day at most (docs/product/rules.md#R912). */
  @Column({ name: 'update_alerts_sent_on', type: 'date', nullable: true }) updateAlertsSentOn: string | null;
  /** The newest version the last digest told of (docs/product/rules.md#R912). */
  @Column({ name: 'update_alerts_through', type: 'timestamptz', nullable: true }) updateAlertsThrough: Date | null;
  @Column({ name: 'is_admin', type: 'boolean', default: false }) isAdmin: boolean;
  /** argon2id. */
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true }) activatedAt: Date | null;
  /** docs/product/rules.md#R25: the sign-up time is recorded as the time of consent to the terms. */
  @Column({ name: 'terms_accepted_at', type: 'timestamptz' }) termsAcceptedAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
