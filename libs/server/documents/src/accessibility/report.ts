/**
 * The accessibility check of a document (docs/product/rules.md#R930, #R941): one line per criterion,
 * passed, failed (with where) or not applicable, each with its reference and, when failed, the
 * French sentence that says how to fix it.
 */
export type CriterionStatus = 'passed' | 'failed' | 'not-applicable';

export interface CriterionResult {
  /** Stable id, e.g. `pdf-tagged`. */
  id: string;
  status: CriterionStatus;
  /** French, plain: what is checked. */
  label: string;
  /** RGAA criterion and/or PDF/UA (ISO 14289-1) clause. */
  reference: string;
  /** French: where it fails (« page 3 », « image 2 »…), empty unless failed. */
  where: string[];
  /** French: how to fix it in Word, LibreOffice or Acrobat; null unless failed. */
  fix: string | null;
}

export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'image';

/**
 * `accessible`: every applicable criterion passed; `partial`: at least one failed; `unchecked`: a
 * format nothing can be checked in (doc, xls), no claim either way (docs/product/rules.md#R932).
 */
export type AccessibilityOutcome = 'accessible' | 'partial' | 'unchecked';

export interface AccessibilityReport {
  format: DocumentFormat | null;
  outcome: AccessibilityOutcome;
  criteria: CriterionResult[];
}

export interface CriterionText {
  label: string;
  reference: string;
  fix: string;
}

export function criterion(texts: Record<string, CriterionText>, id: string, status: CriterionStatus, where: string[] = []): CriterionResult {
  const text = texts[id];
  if (!text) throw new Error(`Unknown accessibility criterion ${id}`);
  const failed = status === 'failed';
  return { id, status, label: text.label, reference: text.reference, where: failed ? where : [], fix: failed ? text.fix : null };
}

/** Accessible when no criterion failed and at least one applied. */
export function report(format: DocumentFormat | null, criteria: CriterionResult[]): AccessibilityReport {
  const applicable = criteria.filter((c) => c.status !== 'not-applicable');
  const outcome: AccessibilityOutcome = applicable.length === 0 ? 'unchecked' : applicable.some((c) => c.status === 'failed') ? 'partial' : 'accessible';
  return { format, outcome, criteria };
}

/** « page 3 » / « pages 2, 5 et 7 » (at most ten numbers, then « … »). */
export function pagesWhere(pages: number[]): string[] {
  const unique = [...new Set(pages)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const shown = unique.slice(0, 10).map(String);
  const more = unique.length > 10 ? ' …' : '';
  if (shown.length === 1) return [`page ${shown[0]}`];
  return [`pages ${shown.slice(0, -1).join(', ')} et ${shown[shown.length - 1]}${more}`];
}
