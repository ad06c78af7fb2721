import type { EntityManager } from 'typeorm';

declare const TRANSACTION: unique symbol;

/**
 * A database transaction in progress, as services hold it: an opaque handle, received from the
 * transaction runner and handed to repositories. Only repositories open it (`managerOf`) to run
 * queries, so services need no TypeORM type and cannot query behind their repositories' back.
 */
export interface Transaction {
  readonly [TRANSACTION]: true;
}

/** Wraps TypeORM's transactional EntityManager (transaction runners only). */
export function asTransaction(manager: EntityManager): Transaction {
  return manager as unknown as Transaction;
}

/** For repositories: the EntityManager behind a transaction handle. */
export function managerOf(tx: Transaction): EntityManager {
  return tx as unknown as EntityManager;
}

/** Work to run once a transaction has committed, by transaction (dropped with it on rollback). */
const AFTER_COMMIT = new WeakMap<Transaction, Array<() => void>>();

/**
 * Runs `work` after the transaction commits, never when it rolls back; for what must not happen
 * before the change is visible to others (handing an outbox row to a queue). Only a transaction
 * opened by a runner that calls `runAfterCommit` runs it; elsewhere it is dropped, so `work` must
 * be a best effort that something else makes up for.
 */
export function afterCommit(tx: Transaction, work: () => void): void {
  const pending = AFTER_COMMIT.get(tx);
  if (pending) pending.push(work);
  else AFTER_COMMIT.set(tx, [work]);
}

/** For transaction runners, once `tx` committed: runs its after-commit work, in order, once. */
export function runAfterCommit(tx: Transaction): void {
  const pending = AFTER_COMMIT.get(tx) ?? [];
  AFTER_COMMIT.delete(tx);
  for (const work of pending) work();
}
