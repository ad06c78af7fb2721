import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccessibilityReport } from '@outils/server-documents';
import { DataSource } from 'typeorm';

/** The accessibility check of a tool's file, written by the `check-document-accessibility` job (docs/product/rules.md#R934). */
@Injectable()
export class DocumentAccessibilityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records the report if the tool still has the file `fileKey`, as its file or its declared
   * alternative (docs/product/rules.md#R947; a file replaced meanwhile has its own job), and removes
   * the checks of the files it no longer has; answers whether it did.
   */
  async record(toolId: number, fileKey: string, report: AccessibilityReport): Promise<boolean> {
    const failed = report.criteria.filter((c) => c.status === 'failed').length;
    const rows: unknown[] = await this.dataSource.query(
      `WITH current AS (SELECT id, file_key, alt_file_key FROM tool WHERE id = $1 AND (file_key = $2 OR alt_file_key = $2) FOR UPDATE),
            former AS (DELETE FROM tool_file_accessibility a USING current WHERE a.tool_id = current.id
                         AND a.file_key <> current.file_key AND a.file_key IS DISTINCT FROM current.alt_file_key)
       INSERT INTO tool_file_accessibility (tool_id, file_key, format, outcome, failed_count, criteria, checked_at)
       SELECT id, $2, $3, $4, $5, $6::jsonb, now() FROM current
       ON CONFLICT (tool_id, file_key) DO UPDATE SET format = EXCLUDED.format, outcome = EXCLUDED.outcome,
         failed_count = EXCLUDED.failed_count, criteria = EXCLUDED.criteria, checked_at = EXCLUDED.checked_at
       RETURNING tool_id`,
      [toolId, fileKey, report.format, report.outcome, failed, JSON.stringify(report.criteria)],
    );
    return rows.length > 0;
  }
}
