import { AxisScore, DiagnosticLimits, DiagnosticMessages } from '@outils/contracts';

/** The questionnaire as the scoring reads it (docs/product/rules.md#R550). */
export interface ScoringAxis { id: number; key: string; name: string; position: number }
export interface ScoringAnswer { id: number; points: number }
export interface ScoringQuestion { id: number; axisId: number; text: string; multiple: boolean; answers: ScoringAnswer[] }

export interface Scoring {
  /** Valid answer ids, in questionnaire order. */
  answerIds: number[];
  scores: AxisScore[];
  overall: number | null;
  /** Axis ids of the priorities, most urgent first (docs/product/rules.md#R553). */
  priorityAxisIds: number[];
}

export type ScoringOutcome = Scoring | { error: string };

/** What a question can bring: its best answer (single choice) or all its answers (multiple). */
function questionMax(question: ScoringQuestion): number {
  const points = question.answers.map((a) => Math.max(0, a.points));
  if (points.length === 0) return 0;
  return question.multiple ? points.reduce((sum, p) => sum + p, 0) : Math.max(...points);
}

/**
 * Scores the answers (docs/product/rules.md#R552): per axis, the points of the chosen answers over
 * what the answered questions could bring, out of 100; a skipped question counts for nothing
 * either way, an axis whose questions were all skipped has no score. Unknown answers, or two
 * answers to a single-choice question, are refused (docs/product/rules.md#R551).
 */
export function scoreAnswers(axes: ScoringAxis[], questions: ScoringQuestion[], answerIds: number[]): ScoringOutcome {
  const chosen = new Set(answerIds);
  const known = new Map<number, ScoringQuestion>();
  for (const question of questions) for (const answer of question.answers) known.set(answer.id, question);
  for (const id of chosen) if (!known.has(id)) return { error: DiagnosticMessages.unknownAnswer };

  const ordered: number[] = [];
  const got = new Map<number, number>();
  const max = new Map<number, number>();
  const answered = new Map<number, number>();
  const total = new Map<number, number>();
  for (const question of questions) {
    total.set(question.axisId, (total.get(question.axisId) ?? 0) + 1);
    const picked = question.answers.filter((a) => chosen.has(a.id));
    if (picked.length === 0) continue;
    if (picked.length > 1 && !question.multiple) return { error: DiagnosticMessages.oneAnswerOnly(question.text) };
    ordered.push(...picked.map((a) => a.id));
    const best = questionMax(question);
    const points = Math.min(best, picked.reduce((sum, a) => sum + Math.max(0, a.points), 0));
    got.set(question.axisId, (got.get(question.axisId) ?? 0) + points);
    max.set(question.axisId, (max.get(question.axisId) ?? 0) + best);
    answered.set(question.axisId, (answered.get(question.axisId) ?? 0) + 1);
  }

  const sortedAxes = [...axes].sort((a, b) => a.position - b.position || a.id - b.id);
  const scores: AxisScore[] = sortedAxes.map((axis) => {
    const possible = max.get(axis.id) ?? 0;
    const count = answered.get(axis.id) ?? 0;
    // Answered questions that can bring nothing (all answers at 0 points) make a full score.
    const score = count === 0 ? null : possible === 0 ? 100 : Math.round((100 * (got.get(axis.id) ?? 0)) / possible);
    return { axisId: axis.id, key: axis.key, name: axis.name, score, answered: count, questions: total.get(axis.id) ?? 0 };
  });
  const evaluated = scores.filter((s): s is AxisScore & { score: number } => s.score !== null);
  const overall = evaluated.length === 0 ? null : Math.round(evaluated.reduce((sum, s) => sum + s.score, 0) / evaluated.length);
  return { answerIds: ordered, scores, overall, priorityAxisIds: priorities(evaluated) };
}

/**
 * The priorities (docs/product/rules.md#R553): the evaluated axes under 75, lowest first (ties in
 * axis order), at most three; fewer than two, and the lowest axes complete the list to two.
 */
export function priorities(evaluated: Array<AxisScore & { score: number }>): number[] {
  const lowest = [...evaluated].sort((a, b) => a.score - b.score);
  const under = lowest.filter((s) => s.score < DiagnosticLimits.priorityBelow).slice(0, DiagnosticLimits.maxPriorities);
  const picked = under.length >= DiagnosticLimits.minPriorities ? under : lowest.slice(0, DiagnosticLimits.minPriorities);
  return picked.map((s) => s.axisId);
}
