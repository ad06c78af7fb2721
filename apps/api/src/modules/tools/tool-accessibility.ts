import type { ToolAccessibility } from '@outils/contracts';

/** The columns of the current file's accessibility check in a tool row (docs/product/rules.md#R934). */
export interface AccessibilityColumns {
  a11y_outcome?: string | null;
  a11y_criteria?: Array<{ status: string; label: string; reference: string; where: string[]; fix: string | null }> | null;
  a11y_checked_at?: Date | string | null;
}

export const A11Y_COLUMNS = `a11y.outcome AS a11y_outcome, a11y.criteria AS a11y_criteria, a11y.checked_at AS a11y_checked_at`;
/** The check of the tool's current file only: a replaced file's check is not its check. */
export const A11Y_JOIN = `LEFT JOIN tool_file_accessibility a11y ON a11y.tool_id = t.id AND a11y.file_key = t.file_key`;

/** docs/product/rules.md#R939: the tool `t`'s current file is an accessible document (the listing's filter). */
export const ACCESSIBLE_DOCUMENT_SQL = `EXISTS (SELECT 1 FROM tool_file_accessibility ax WHERE ax.tool_id = t.id AND ax.file_key = t.file_key AND ax.outcome = 'accessible')`;

/**
 * docs/product/rules.md#R938: the current file's check with its failed criteria in plain French;
 * null before the check and when nothing applied (`unchecked`).
 */
export function accessibilityOf(row: AccessibilityColumns): ToolAccessibility | null {
  if ((row.a11y_outcome !== 'accessible' && row.a11y_outcome !== 'partial') || !row.a11y_checked_at) return null;
  const criteria = row.a11y_criteria ?? [];
  return {
    outcome: row.a11y_outcome,
    checked: criteria.filter((c) => c.status !== 'not-applicable').length,
    checkedAt: new Date(row.a11y_checked_at).toISOString(),
    issues: criteria.filter((c) => c.status === 'failed').map((c) => ({ label: c.label, reference: c.reference, where: c.where, fix: c.fix ?? '' })),
  };
}
