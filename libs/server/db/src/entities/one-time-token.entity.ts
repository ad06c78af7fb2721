import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

export type OneTimeTokenPurpose = 'activation' | 'reset';

/** Activation (48 h) and reset (1 h) links: single use, only the hash is kept. */
@Entity('one_time_token')
@Check('one_time_token_purpose_check', "purpose IN ('activation', 'reset')")
@Index('one_time_token_user_purpose_idx', ['userId', 'purpose'])
@Index('one_time_token_expires_idx', ['expiresAt'])
export class OneTimeTokenEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'one_time_token_user_id_fkey' }) user?: UserEntity;
  @Column({ type: 'varchar', length: 20 }) purpose: OneTimeTokenPurpose;
  @Column({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
