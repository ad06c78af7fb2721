import { Injectable } from '@nestjs/common';
import { CatalogueMessages, ToolVersionHistory } from '@outils/contracts';
import { NotFoundError } from '../../common/errors/domain-error';
import { VersionHistoryRepository } from './version-history.repository';

/** The sheet's « Historique des versions » (docs/product/rules.md#R907). */
@Injectable()
export class VersionsService {
  constructor(private readonly history: VersionHistoryRepository) {}

  async historyOf(toolId: number): Promise<ToolVersionHistory> {
    const rows = await this.history.history(toolId);
    if (rows.length === 0) throw new NotFoundError(CatalogueMessages.toolNotFound);
    return {
      current: rows[0].current,
      versions: rows.map((row) => ({
        number: row.number,
        date: new Date(row.created_at).toISOString(),
        note: row.note,
        restoredFrom: row.restored_from,
      })),
    };
  }
}
