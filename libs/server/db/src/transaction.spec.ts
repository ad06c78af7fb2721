import { afterCommit, runAfterCommit, type Transaction } from './transaction';

describe('after-commit work (docs/product/rules.md#R882)', () => {
  it('runs once the runner says the transaction committed, in order, and only once', () => {
    const tx = {} as Transaction;
    const done: string[] = [];
    afterCommit(tx, () => done.push('a'));
    afterCommit(tx, () => done.push('b'));
    expect(done).toEqual([]);
    runAfterCommit(tx);
    runAfterCommit(tx);
    expect(done).toEqual(['a', 'b']);
  });

  it('belongs to its own transaction: a rolled-back one never runs it', () => {
    const committed = {} as Transaction;
    const rolledBack = {} as Transaction;
    const done: string[] = [];
    afterCommit(rolledBack, () => done.push('lost'));
    afterCommit(committed, () => done.push('kept'));
    runAfterCommit(committed);
    expect(done).toEqual(['kept']);
  });
});
