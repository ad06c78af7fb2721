import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * A member's data export built in the background (docs/product/rules.md#R968): the stored file
 * and the end of its 24-hour link. A deleted account's rows lose their user; housekeeping
 * deletes expired or orphaned rows with their files.
 */
@Entity('data_export')
export class DataExportEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('data_export_user_idx') @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'data_export_user_id_fkey' })
  user?: UserEntity | null;
  @Column({ name: 'storage_key', type: 'varchar', length: 200 }) storageKey: string;
  @Column({ name: 'size_bytes', type: 'bigint', nullable: true }) sizeBytes: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'ready_at', type: 'timestamptz', nullable: true }) readyAt: Date | null;
  @Index('data_export_expires_idx') @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
}
