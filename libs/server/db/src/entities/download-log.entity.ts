import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ToolEntity } from './tool.entity';
import { UserEntity } from './user.entity';

/**
 * One fetch of a file. No IP address is kept; user and e-mail are cleared on account deletion.
 * Only `counted` rows are downloads; the others keep why not (docs/product/rules.md#R670).
 */
@Entity('download_log')
@Index('download_log_link_idx', ['linkId'], { unique: true, where: 'link_id IS NOT NULL AND counted' })
@Check('download_log_excluded_reason_check', "(counted AND excluded_reason IS NULL) OR (NOT counted AND excluded_reason IN ('bot', 'head', 'repeat'))")
export class DownloadLogEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Index('download_log_tool_idx') @Column({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'download_log_tool_id_fkey' }) tool?: ToolEntity;
  @Index('download_log_user_idx') @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'download_log_user_id_fkey' }) user?: UserEntity | null;
  @Column({ type: 'varchar', length: 254, nullable: true }) email: string | null;
  /** The signed link the download came from (hash of its signature): each link counts once. */
  @Column({ name: 'link_id', type: 'varchar', length: 64, nullable: true }) linkId: string | null;
  /** The tool's version the fetch served (docs/product/rules.md#R906); null before versions existed. */
  @Column({ name: 'version_number', type: 'int', nullable: true }) versionNumber: number | null;
  /** False for a robot, a `HEAD` or a link fetched again (docs/product/rules.md#R670). */
  @Column({ type: 'boolean', default: true }) counted: boolean;
  @Column({ name: 'excluded_reason', type: 'varchar', length: 12, nullable: true }) excludedReason: 'bot' | 'head' | 'repeat' | null;
  @Index('download_log_created_idx') @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
