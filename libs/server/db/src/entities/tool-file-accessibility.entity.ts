import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ToolEntity } from './tool.entity';

/** The accessibility check of one tool file (docs/product/rules.md#R930, #R934). */
@Entity('tool_file_accessibility')
export class ToolFileAccessibilityEntity {
  @PrimaryColumn({ name: 'tool_id', type: 'int', primaryKeyConstraintName: 'tool_file_accessibility_pkey' }) toolId: number;
  @PrimaryColumn({ name: 'file_key', type: 'varchar', length: 300, primaryKeyConstraintName: 'tool_file_accessibility_pkey' }) fileKey: string;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_file_accessibility_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ type: 'varchar', length: 8, nullable: true }) format: string | null;
  @Column({ type: 'varchar', length: 12 }) outcome: string;
  @Column({ name: 'failed_count', type: 'int', default: 0 }) failedCount: number;
  @Column({ type: 'jsonb', default: () => "'[]'" }) criteria: unknown;
  @Column({ name: 'checked_at', type: 'timestamptz', default: () => 'now()' }) checkedAt: Date;
}
