import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A member's update alerts switch (docs/product/rules.md#R910). */
@Injectable()
export class UpdateAlertsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async enabled(userId: string): Promise<boolean | null> {
    const [row] = await this.dataSource.query(`SELECT update_alerts FROM app_user WHERE id = $1`, [userId]);
    return row ? row.update_alerts : null;
  }

  /** Sets the switch; false when the member is gone. */
  async set(userId: string, enabled: boolean): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`UPDATE app_user SET update_alerts = $2 WHERE id = $1 RETURNING id`, [userId, enabled]);
    return rows.length > 0;
  }
}
