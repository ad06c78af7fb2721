import { runAfterCommit, type Transaction } from '@outils/server-db';
import type { TransactionRunner } from '../../src/common/persistence/transaction-runner';

/** The public members of a class: what a fake must implement to stand in for it. */
export type Shape<T> = { [K in keyof T]: T[K] };

/** In-memory state a fake repository keeps, so that the fake runner can roll it back. */
export interface FakeStore {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}


/**
 * Runs the work at once; when it throws, every store handed to it gets its state back, as a
 * rollback would. Counts commits and rollbacks so that a spec can say which happened.
 */
export class FakeTransactionRunner implements Shape<TransactionRunner> {
  commits = 0;
  rollbacks = 0;

  constructor(private readonly stores: FakeStore[] = []) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const saved = this.stores.map((store) => store.snapshot());
    // A handle per transaction, as the real runner's: its after-commit work runs on commit only.
    const tx = Object.freeze({}) as Transaction;
    try {
      const result = await work(tx);
      this.commits += 1;
      runAfterCommit(tx);
      return result;
    } catch (error) {
      this.stores.forEach((store, i) => store.restore(saved[i]));
      this.rollbacks += 1;
      throw error;
    }
  }
}

/** A Map-backed store with snapshots (shallow copies of its rows). */
export class MapStore<K, V extends object> implements FakeStore {
  rows = new Map<K, V>();

  snapshot(): unknown {
    return new Map([...this.rows].map(([k, v]) => [k, { ...v }]));
  }

  restore(snapshot: unknown): void {
    this.rows = snapshot as Map<K, V>;
  }
}
