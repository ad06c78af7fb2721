import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DataExportEntity } from '@outils/server-db';

@Injectable()
export class DataExportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  find(id: string): Promise<DataExportEntity | null> {
    return this.dataSource.getRepository(DataExportEntity).findOneBy({ id });
  }

  async markReady(id: string, sizeBytes: number): Promise<void> {
    await this.dataSource.getRepository(DataExportEntity).update({ id }, { readyAt: new Date(), sizeBytes: String(sizeBytes) });
  }

  /** Rows past their 24 hours, or whose account was deleted: with their files (docs/product/rules.md#R968). */
  expired(limit = 500): Promise<Array<Pick<DataExportEntity, 'id' | 'storageKey'>>> {
    return this.dataSource
      .getRepository(DataExportEntity)
      .createQueryBuilder('e')
      .select(['e.id', 'e.storageKey'])
      .where('e.expires_at < now() OR e.user_id IS NULL')
      .limit(limit)
      .getMany();
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(DataExportEntity).delete({ id });
  }
}
