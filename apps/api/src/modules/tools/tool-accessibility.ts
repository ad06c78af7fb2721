import type { ToolAccessibility } from '@outils/contracts';

/** The columns of the current file's accessibility check in a tool row (docs/product/rules.md#R934). */
export interface AccessibilityColumns {
  a11y_outcome?: string | null;
  a11y_criteria?: Array<{ status: string; label: string; reference: string; where: string[]; fix: string | null }> | null;
  a11y_checked_at?: Date | string | null;
}

/** The declared alternative's facts and check in a tool row (docs/product/rules.md#R945). */
export interface AlternativeColumns {
  alt_file_mime?: string | null;
  alt_file_size?: number | null;
  alt_a11y_outcome?: string | null;
  alt_a11y_criteria?: AccessibilityColumns['a11y_criteria'];
  alt_a11y_checked_at?: Date | string | null;
}

export const A11Y_COLUMNS = `a11y.outcome AS a11y_outcome, a11y.criteria AS a11y_criteria, a11y.checked_at AS a11y_checked_at`;
/** The check of the tool's current file only: a replaced file's check is not its check. */
export const A11Y_JOIN = `LEFT JOIN tool_file_accessibility a11y ON a11y.tool_id = t.id AND a11y.file_key = t.file_key`;

/** The declared alternative's facts and its own check (docs/product/rules.md#R945); never its storage key. */
export const ALT_COLUMNS = `t.alt_file_mime, t.alt_file_size,
  alt11y.outcome AS alt_a11y_outcome, alt11y.criteria AS alt_a11y_criteria, alt11y.checked_at AS alt_a11y_checked_at`;
export const ALT_JOIN = `LEFT JOIN tool_file_accessibility alt11y ON alt11y.tool_id = t.id AND alt11y.file_key = t.alt_file_key`;

/**
 * docs/product/rules.md#R947 (RGAA 13.3): the tool `t` offers an accessible document, its current
 * file or its declared alternative (the listing's filter and count, the statement). Written like
 * `documentAccessible` below, which the catalogue in memory uses.
 */
export const ACCESSIBLE_DOCUMENT_SQL = `EXISTS (SELECT 1 FROM tool_file_accessibility ax WHERE ax.tool_id = t.id AND ax.file_key IN (t.file_key, t.alt_file_key) AND ax.outcome = 'accessible')`;

/**
 * docs/product/rules.md#R947 (RGAA 13.3): a document conforms when its file is accessible, or when
 * its declared alternative is: a visitor who needs it can download an accessible version.
 */
export function documentAccessible(file: ToolAccessibility | null, alternative: ToolAccessibility | null): boolean {
  return file?.outcome === 'accessible' || alternative?.outcome === 'accessible';
}

/**
 * docs/product/rules.md#R949: the current file's check with its failed criteria in plain French;
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

/** docs/product/rules.md#R945: the alternative's own check, in the shape of docs/product/rules.md#R949. */
export function alternativeAccessibilityOf(row: AlternativeColumns): ToolAccessibility | null {
  return accessibilityOf({ a11y_outcome: row.alt_a11y_outcome, a11y_criteria: row.alt_a11y_criteria, a11y_checked_at: row.alt_a11y_checked_at });
}
