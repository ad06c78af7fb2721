export { checkDocumentAccessibility, checkedFormat, type CheckOptions } from './check';
export type { AccessibilityOutcome, AccessibilityReport, CriterionResult, CriterionStatus, DocumentFormat } from './report';
