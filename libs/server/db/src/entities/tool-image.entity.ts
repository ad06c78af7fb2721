import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ToolEntity } from './tool.entity';

@Entity('tool_image')
@Index('tool_image_tool_position_idx', ['toolId', 'position'])
export class ToolImageEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne('ToolEntity', 'images', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_image_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ name: 'storage_key', type: 'varchar', length: 300 }) storageKey: string;
  @Column({ type: 'varchar', length: 60 }) mime: string;
  @Column({ type: 'int' }) size: number;
  @Column({ type: 'int' }) position: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
