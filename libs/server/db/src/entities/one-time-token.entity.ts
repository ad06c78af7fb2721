import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

export type OneTimeTokenPurpose = 'activation' | 'reset' | 'email-change' | 'login';

/**
 * Activation (48 h), reset (1 h), e-mail change (24 h) and login (15 min) links: single use, only
 * the hash is kept. An e-mail change's link keeps the address it proves (`newEmail`).
 */
@Entity('one_time_token')
@Check('one_time_token_purpose_check', "purpose IN ('activation', 'reset', 'email-change', 'login')")
@Index('one_time_token_user_purpose_idx', ['userId', 'purpose'])
@Index('one_time_token_expires_idx', ['expiresAt'])
export class OneTimeTokenEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'one_time_token_user_id_fkey' }) user?: UserEntity;
  @Column({ type: 'varchar', length: 20 }) purpose: OneTimeTokenPurpose;
  @Column({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'new_email', type: 'varchar', length: 254, nullable: true }) newEmail: string | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
