import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** A member's download folder (docs/product/rules.md#R500); public when it has a share token. */
@Entity('tool_folder')
@Index('tool_folder_user_idx', ['userId', 'createdAt'])
// Partial index with a descending key, written by hand in the migration.
@Index('tool_folder_kit_idx', { synchronize: false })
@Check('tool_folder_kit_is_public', 'NOT is_kit OR share_token IS NOT NULL')
export class ToolFolderEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'tool_folder_user_id_fkey' }) user?: UserEntity;
  @Column({ type: 'varchar', length: 80 }) name: string;
  @Column({ type: 'varchar', length: 300, nullable: true }) description: string | null;
  /** 43 base64url characters (32 random bytes); null while the folder is private. */
  @Column({ name: 'share_token', type: 'varchar', length: 43, nullable: true, unique: true }) shareToken: string | null;
  @Column({ name: 'shared_at', type: 'timestamptz', nullable: true }) sharedAt: Date | null;
  @Column({ name: 'is_kit', type: 'boolean', default: false }) isKit: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
