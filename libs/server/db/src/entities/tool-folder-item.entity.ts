import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ToolFolderEntity } from './tool-folder.entity';
import { ToolEntity } from './tool.entity';

/**
 * A tool in a folder, at its position. The tool's name is kept so that a folder can name a tool
 * deleted since (its id becomes null, docs/product/rules.md#R512).
 */
@Entity('tool_folder_item')
@Index('tool_folder_item_folder_idx', ['folderId', 'position'])
@Index('tool_folder_item_tool_uniq', ['folderId', 'toolId'], { unique: true, where: 'tool_id IS NOT NULL' })
export class ToolFolderItemEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ name: 'folder_id', type: 'uuid' }) folderId: string;
  @ManyToOne(() => ToolFolderEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'folder_id', foreignKeyConstraintName: 'tool_folder_item_folder_id_fkey' }) folder?: ToolFolderEntity;
  @Index('tool_folder_item_tool_idx') @Column({ name: 'tool_id', type: 'int', nullable: true }) toolId: number | null;
  @ManyToOne(() => ToolEntity, { onDelete: 'SET NULL', nullable: true }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_folder_item_tool_id_fkey' }) tool?: ToolEntity | null;
  @Column({ name: 'tool_name', type: 'varchar', length: 160 }) toolName: string;
  @Column({ type: 'int' }) position: number;
  @Column({ name: 'added_at', type: 'timestamptz', default: () => 'now()' }) addedAt: Date;
}
