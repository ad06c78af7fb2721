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
