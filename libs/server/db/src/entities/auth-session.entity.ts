import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** A login session. Only the SHA-256 of the opaque token is kept (docs/product/rules.md#R16). */
@Entity('auth_session')
@Index('auth_session_expires_idx', ['expiresAt'])
export class AuthSessionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('auth_session_user_idx') @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'auth_session_user_id_fkey' }) user?: UserEntity;
  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true }) tokenHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' }) lastUsedAt: Date;
}
