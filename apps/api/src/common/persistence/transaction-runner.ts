import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { asTransaction, runAfterCommit, Transaction } from '@outils/server-db';

/**
 * The one way services open a transaction: `run` commits when `work` resolves and rolls back when
 * it throws. `work` receives a `Transaction` handle to pass to repositories; services never see
 * TypeORM (lint: no `typeorm` import in a `*.service.ts`). What was registered with
 * `afterCommit` (an outbox row's dispatch) runs once the commit is done.
 */
@Injectable()
export class TransactionRunner {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let tx: Transaction | undefined;
    const result = await this.dataSource.transaction((manager) => work((tx = asTransaction(manager))));
    if (tx) runAfterCommit(tx);
    return result;
  }
}

/** Provides the runner everywhere, like the data source it wraps. */
@Global()
@Module({ providers: [TransactionRunner], exports: [TransactionRunner] })
export class PersistenceModule {}
