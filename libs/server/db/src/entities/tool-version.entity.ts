import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { ToolEntity } from './tool.entity';

/**
 * One file a tool has had (docs/product/rules.md#R900): its number from 1, its facts and storage
 * key (earlier files stay in storage), and the note « Quoi de neuf ? » (required from version 2,
 * docs/product/rules.md#R901). The current version is the tool's `version_number`.
 */
@Entity('tool_version')
@Unique('tool_version_tool_number_key', ['toolId', 'number'])
@Check('tool_version_number_check', 'number > 0')
@Check('tool_version_note_check', 'note IS NULL OR char_length(note) <= 1000')
export class ToolVersionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_version_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ type: 'int' }) number: number;
  @Column({ name: 'file_key', type: 'varchar', length: 300 }) fileKey: string;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName: string;
  @Column({ name: 'file_mime', type: 'varchar', length: 120 }) fileMime: string;
  @Column({ name: 'file_size', type: 'int' }) fileSize: number;
  @Column({ name: 'file_pages', type: 'int', nullable: true }) filePages: number | null;
  @Column({ name: 'preview_key', type: 'varchar', length: 300, nullable: true }) previewKey: string | null;
  @Column({ name: 'preview_width', type: 'int', nullable: true }) previewWidth: number | null;
  @Column({ name: 'preview_height', type: 'int', nullable: true }) previewHeight: number | null;
  @Column({ type: 'text', nullable: true }) note: string | null;
  /** A minor update (a typo) alerts nobody (docs/product/rules.md#R911). */
  @Column({ name: 'is_minor', type: 'boolean', default: false }) isMinor: boolean;
  /** The earlier version this one made current again (docs/product/rules.md#R903). */
  @Column({ name: 'restored_from', type: 'int', nullable: true }) restoredFrom: number | null;
  @Index('tool_version_created_idx') @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
