import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CategoryEntity } from './category.entity';
import { ToolEntity } from './tool.entity';
import { UserEntity } from './user.entity';

/** One axis of the self-diagnostic (docs/product/rules.md#R550). */
@Entity('diagnostic_axis')
export class DiagnosticAxisEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40, unique: true }) key: string;
  @Column({ type: 'varchar', length: 120 }) name: string;
  @Column({ type: 'text' }) description: string;
  /** The priority in plain words, shown when the axis is one of the result's priorities. */
  @Column({ name: 'priority_text', type: 'text' }) priorityText: string;
  @Column({ name: 'category_id', type: 'int', nullable: true }) categoryId: number | null;
  @ManyToOne(() => CategoryEntity, { onDelete: 'SET NULL', nullable: true }) @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'diagnostic_axis_category_id_fkey' }) category?: CategoryEntity | null;
  @Column({ type: 'int', default: 0 }) position: number;
}

/** A question, single or multiple choice, on one axis; shown in `position` order. */
@Entity('diagnostic_question')
export class DiagnosticQuestionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Index('diagnostic_question_axis_idx') @Column({ name: 'axis_id', type: 'int' }) axisId: number;
  @ManyToOne(() => DiagnosticAxisEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'axis_id', foreignKeyConstraintName: 'diagnostic_question_axis_id_fkey' }) axis?: DiagnosticAxisEntity;
  @Column({ type: 'varchar', length: 300 }) text: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) help: string | null;
  @Column({ type: 'boolean', default: false }) multiple: boolean;
  @Column({ type: 'int', default: 0 }) position: number;
}

/** An answer and its points (its weight in the axis score, docs/product/rules.md#R552). */
@Entity('diagnostic_answer')
@Index('diagnostic_answer_question_idx', ['questionId', 'position'])
export class DiagnosticAnswerEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'question_id', type: 'int' }) questionId: number;
  @ManyToOne(() => DiagnosticQuestionEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'question_id', foreignKeyConstraintName: 'diagnostic_answer_question_id_fkey' }) question?: DiagnosticQuestionEntity;
  @Column({ type: 'varchar', length: 200 }) text: string;
  @Column({ type: 'int', default: 0 }) points: number;
  @Column({ type: 'int', default: 0 }) position: number;
}

/** A tool that answers the need an answer reveals (docs/product/rules.md#R554). */
@Entity('diagnostic_answer_tool')
@Index('diagnostic_answer_tool_tool_idx', ['toolId'])
export class DiagnosticAnswerToolEntity {
  @PrimaryColumn({ name: 'answer_id', type: 'int' }) answerId: number;
  @PrimaryColumn({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => DiagnosticAnswerEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'answer_id', foreignKeyConstraintName: 'diagnostic_answer_tool_answer_id_fkey' }) answer?: DiagnosticAnswerEntity;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'diagnostic_answer_tool_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ type: 'int', default: 1 }) weight: number;
}

/** The tools of an axis's plan, in order (docs/product/rules.md#R554). */
@Entity('diagnostic_axis_tool')
@Index('diagnostic_axis_tool_tool_idx', ['toolId'])
export class DiagnosticAxisToolEntity {
  @PrimaryColumn({ name: 'axis_id', type: 'int' }) axisId: number;
  @PrimaryColumn({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => DiagnosticAxisEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'axis_id', foreignKeyConstraintName: 'diagnostic_axis_tool_axis_id_fkey' }) axis?: DiagnosticAxisEntity;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'diagnostic_axis_tool_tool_id_fkey' }) tool?: ToolEntity;
  @Column({ type: 'int', default: 0 }) position: number;
}

/** A member's saved result (docs/product/rules.md#R555): the answers and the scores of that day. */
@Entity('diagnostic_result')
@Index('diagnostic_result_user_idx', ['userId', 'createdAt'])
export class DiagnosticResultEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'diagnostic_result_user_id_fkey' }) user?: UserEntity;
  @Column({ name: 'answer_ids', type: 'int', array: true }) answerIds: number[];
  @Column({ type: 'jsonb' }) scores: unknown;
  @Column({ type: 'int', nullable: true }) overall: number | null;
  @Column({ name: 'priority_axis_ids', type: 'int', array: true }) priorityAxisIds: number[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** "Ces outils vont bien ensemble", as the worker last computed them (docs/product/rules.md#R565). */
@Entity('tool_related')
@Index('tool_related_related_idx', ['relatedToolId'])
export class ToolRelatedEntity {
  @PrimaryColumn({ name: 'tool_id', type: 'int' }) toolId: number;
  @PrimaryColumn({ name: 'related_tool_id', type: 'int' }) relatedToolId: number;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'tool_related_tool_id_fkey' }) tool?: ToolEntity;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'related_tool_id', foreignKeyConstraintName: 'tool_related_related_tool_id_fkey' }) relatedTool?: ToolEntity;
  @Column({ type: 'int' }) position: number;
  /** `co-download` or `similar` (same category, then same type). */
  @Column({ type: 'varchar', length: 20 }) reason: string;
  @Column({ name: 'computed_at', type: 'timestamptz', default: () => 'now()' }) computedAt: Date;
}
