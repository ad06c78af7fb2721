import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ToolEntity } from './tool.entity';

/** Former slugs of a renamed tool, so that old links keep working (docs/product/rules.md#R99). */
@Entity('tool_slug_history')
export class ToolSlugHistoryEntity {
  @PrimaryColumn({ type: 'varchar', length: 160 }) slug: string;
  @Index('tool_slug_history_tool_idx') @Column({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_slug_history_tool_id_fkey' }) tool?: ToolEntity;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
