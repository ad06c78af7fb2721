import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DocumentsAccessibilityResponse } from '@outils/contracts';
import { publishedTool } from '@outils/server-db';
import { accessibilityOf, type AccessibilityColumns } from '../tool-accessibility';

/** At most this many documents listed: the statement stays one page. */
const MAX_LISTED = 500;

/** The checks of the published tools' current files (docs/product/rules.md#R937). */
@Injectable()
export class DocumentsAccessibilityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async statement(): Promise<DocumentsAccessibilityResponse> {
    const from = `tool t JOIN tool_file_accessibility a11y ON a11y.tool_id = t.id AND a11y.file_key = t.file_key
      WHERE ${publishedTool('t')} AND a11y.outcome IN ('accessible', 'partial')`;
    const [[summary], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS checked, max(a11y.checked_at) AS last FROM ${from}`) as Promise<Array<{ checked: number; last: Date | null }>>,
      this.dataSource.query(
        `SELECT t.name, t.slug, a11y.outcome AS a11y_outcome, a11y.criteria AS a11y_criteria, a11y.checked_at AS a11y_checked_at
           FROM ${from} AND a11y.outcome = 'partial' ORDER BY t.name, t.id LIMIT ${MAX_LISTED}`,
      ) as Promise<Array<AccessibilityColumns & { name: string; slug: string }>>,
    ]);
    return {
      checked: summary.checked,
      lastCheckedAt: summary.last ? new Date(summary.last).toISOString() : null,
      nonConforming: rows.map((row) => {
        const check = accessibilityOf(row)!;
        return { name: row.name, slug: row.slug, checkedAt: check.checkedAt, issues: check.issues };
      }),
    };
  }
}
