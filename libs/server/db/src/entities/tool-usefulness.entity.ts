import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ToolEntity } from './tool.entity';
import { UserEntity } from './user.entity';

/**
 * One answer to "Cet outil vous a-t-il aidé ?" (docs/product/rules.md#R960): a member's (deleted with
 * the account) or a browser's (`visitor_key`, a hash of its random key). Only `counted` answers make
 * the figures; the others keep why not (docs/product/rules.md#R962).
 */
@Entity('tool_usefulness')
@Index('tool_usefulness_member_idx', ['toolId', 'userId'], { unique: true, where: 'user_id IS NOT NULL' })
@Index('tool_usefulness_visitor_idx', ['toolId', 'visitorKey'], { unique: true, where: 'visitor_key IS NOT NULL' })
@Check('tool_usefulness_who_check', '(user_id IS NULL) <> (visitor_key IS NULL)')
@Check('tool_usefulness_excluded_reason_check', "(counted AND excluded_reason IS NULL) OR (NOT counted AND excluded_reason IN ('bot', 'no-download'))")
export class ToolUsefulnessEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_usefulness_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: true }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'tool_usefulness_user_id_fkey' }) user?: UserEntity | null;
  @Column({ name: 'visitor_key', type: 'varchar', length: 64, nullable: true }) visitorKey: string | null;
  @Column({ type: 'boolean' }) useful: boolean;
  @Column({ type: 'varchar', length: 500, nullable: true }) comment: string | null;
  @Column({ name: 'comment_hidden', type: 'boolean', default: false }) commentHidden: boolean;
  @Column({ type: 'boolean' }) counted: boolean;
  @Column({ name: 'excluded_reason', type: 'varchar', length: 12, nullable: true }) excludedReason: 'bot' | 'no-download' | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Index('tool_usefulness_updated_idx') @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
