import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ActivityArea } from '@outils/contracts';
import { ActivityAreaEntity } from '@outils/server-db';

@Injectable()
export class ActivitiesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<ActivityArea[]> {
    const rows = await this.dataSource
      .getRepository(ActivityAreaEntity)
      .find({ select: { id: true, name: true }, order: { position: 'ASC', name: 'ASC' } });
    return rows.map(({ id, name }) => ({ id, name }));
  }

  exists(id: number): Promise<boolean> {
    return this.dataSource.getRepository(ActivityAreaEntity).existsBy({ id });
  }
}
