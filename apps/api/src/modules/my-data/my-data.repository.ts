import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DataExportEntity, managerOf, Transaction } from '@outils/server-db';

/** Data exports built in the background (docs/product/rules.md#R968). */
@Injectable()
export class DataExportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(tx: Transaction, userId: string, expiresAt: Date): Promise<{ id: string }> {
    const repo = managerOf(tx).getRepository(DataExportEntity);
    const row = await repo.save(repo.create({ userId, expiresAt, storageKey: 'pending' }));
    const storageKey = `exports/${row.id}.zip`;
    await repo.update({ id: row.id }, { storageKey });
    return { id: row.id };
  }

  find(id: string): Promise<DataExportEntity | null> {
    return this.dataSource.getRepository(DataExportEntity).findOneBy({ id });
  }
}
