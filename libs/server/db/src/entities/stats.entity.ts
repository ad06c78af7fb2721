import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { ToolEntity } from './tool.entity';
import { UserEntity } from './user.entity';

/**
 * Counted downloads of one tool on one Europe/Paris day, kept by the worker from `download_log`
 * (docs/product/rules.md#R675): the statistics page reads these, never the log.
 */
@Entity('download_daily')
@Index('download_daily_tool_idx', ['toolId', 'day'])
/** (day) INCLUDE (tool_id, downloads, with_email): a range of days summed from the index alone. */
@Index('download_daily_day_idx', { synchronize: false })
export class DownloadDailyEntity {
  @PrimaryColumn({ type: 'date' }) day: string;
  @PrimaryColumn({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'download_daily_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ type: 'int' }) downloads: number;
  /** Of which an e-mail was known (a signed-in member). */
  @Column({ name: 'with_email', type: 'int' }) withEmail: number;
}

/** Activated sign-ups and confirmed newsletter subscriptions of one Europe/Paris day (docs/product/rules.md#R675). */
@Entity('activity_daily')
export class ActivityDailyEntity {
  @PrimaryColumn({ type: 'date' }) day: string;
  @Column({ type: 'int' }) signups: number;
  @Column({ type: 'int' }) subscriptions: number;
}

/**
 * One number raised by every change of the daily figures or of a tool's name, address, category or
 * type (triggers): the API's memory of past days is valid while it stays the same
 * (docs/product/rules.md#R685).
 */
@Entity('daily_stats_generation')
@Check('daily_stats_generation_one_row', 'id')
export class DailyStatsGenerationEntity {
  @PrimaryColumn({ type: 'boolean', default: true }) id: boolean;
  @Column({ type: 'bigint' }) generation: string;
}

/** Who exported what, when, for which days (docs/product/rules.md#R684). */
@Entity('admin_export_log')
@Check('admin_export_log_kind_check', "kind IN ('leads', 'downloads', 'usefulness', 'searches')")
@Index('admin_export_log_link_idx', ['linkId'], { unique: true, where: 'link_id IS NOT NULL' })
export class AdminExportLogEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ name: 'admin_id', type: 'uuid', nullable: true }) adminId: string | null;
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'admin_id', foreignKeyConstraintName: 'admin_export_log_admin_id_fkey' })
  admin?: UserEntity | null;
  @Column({ name: 'admin_email', type: 'varchar', length: 254 }) adminEmail: string;
  @Column({ type: 'varchar', length: 16 }) kind: 'leads' | 'downloads' | 'usefulness' | 'searches';
  @Column({ name: 'range_from', type: 'date' }) rangeFrom: string;
  @Column({ name: 'range_to', type: 'date' }) rangeTo: string;
  /** The link the export came from (its nonce): each link serves once (docs/product/rules.md#R881). */
  @Column({ name: 'link_id', type: 'varchar', length: 64, nullable: true }) linkId: string | null;
  @Index('admin_export_log_created_idx') @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
