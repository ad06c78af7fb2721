import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Transactional outbox (docs/product/rules.md#R167): written in the same transaction as the change that
 * causes the job, handed to BullMQ by the relay, marked sent by the handler.
 */
@Entity('outbox_message')
// Partial index of the relay's scan (migration 1763800000000); TypeORM leaves it as it is.
@Index('outbox_message_pending_idx', { synchronize: false })
// Partial index of the sweep that hands unsent rows over again (migration 1767410000000).
@Index('outbox_message_unsent_idx', { synchronize: false })
export class OutboxMessageEntity {
  /** bigint comes back from pg as a string. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ name: 'job_name', type: 'varchar', length: 100 }) jobName: string;
  @Column({ type: 'jsonb' }) payload: Record<string, unknown>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true }) dispatchedAt: Date | null;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ type: 'int', default: 0 }) attempts: number;
  /** Hand-overs made again because the row was still unsent long after the first (docs/product/rules.md#R883). */
  @Column({ type: 'int', default: 0 }) handovers: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
}
