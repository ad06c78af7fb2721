import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DocumentsAccessibilityResponse } from '@outils/contracts';
import { publishedTool } from '@outils/server-db';
import { ACCESSIBLE_DOCUMENT_SQL, accessibilityOf, type AccessibilityColumns } from '../tool-accessibility';
import { fileFormatOf } from '../tool.mapper';

/** At most this many documents listed: the statement stays one page. */
const MAX_LISTED = 500;

/** The checks of the published tools' current files (docs/product/rules.md#R948). */
@Injectable()
export class DocumentsAccessibilityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async statement(): Promise<DocumentsAccessibilityResponse> {
    const from = `tool t JOIN tool_file_accessibility a11y ON a11y.tool_id = t.id AND a11y.file_key = t.file_key
      WHERE ${publishedTool('t')} AND a11y.outcome IN ('accessible', 'partial')`;
    // docs/product/rules.md#R947 (RGAA 13.3): a file that fails with an accessible alternative conforms.
    const failing = `${from} AND a11y.outcome = 'partial'`;
    const [[summary], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS checked, max(a11y.checked_at) AS last FROM ${from}`) as Promise<Array<{ checked: number; last: Date | null }>>,
      this.dataSource.query(
        `SELECT t.name, t.slug, t.alt_file_mime, a11y.outcome AS a11y_outcome, a11y.criteria AS a11y_criteria, a11y.checked_at AS a11y_checked_at,
                ${ACCESSIBLE_DOCUMENT_SQL} AS rescued
           FROM ${failing} ORDER BY rescued, t.name, t.id LIMIT ${MAX_LISTED * 2}`,
      ) as Promise<Array<AccessibilityColumns & { name: string; slug: string; alt_file_mime: string; rescued: boolean }>>,
    ]);
    const listed = (rescued: boolean) => rows.filter((row) => row.rescued === rescued).slice(0, MAX_LISTED);
    return {
      checked: summary.checked,
      lastCheckedAt: summary.last ? new Date(summary.last).toISOString() : null,
      nonConforming: listed(false).map((row) => {
        const check = accessibilityOf(row)!;
        return { name: row.name, slug: row.slug, checkedAt: check.checkedAt, issues: check.issues };
      }),
      accessibleVersions: listed(true).map((row) => ({ name: row.name, slug: row.slug, format: fileFormatOf(row.alt_file_mime) })),
    };
  }
}
