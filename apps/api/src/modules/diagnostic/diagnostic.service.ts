import { Injectable } from '@nestjs/common';
import {
  DiagnosticHistoryResponse, DiagnosticLimits, DiagnosticMessages, DiagnosticPriority, DiagnosticQuestionnaire, DiagnosticResult,
  DiagnosticResultResponse, PlanTool, SavedDiagnosticResultResponse,
} from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { BadRequestError } from '../../common/errors/domain-error';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { AxisRow, DiagnosticRepository, Questionnaire } from './diagnostic.repository';
import { Scoring, scoreAnswers, ScoringQuestion } from './scoring';
import { ToolCards } from './tool-cards';

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase('fr') + text.slice(1);

/** The priority reason of docs/product/rules.md#R554 ('Pour votre priorité : sécurité des données'). */
export const priorityReason = (axisName: string) => `Pour votre priorité : ${lowerFirst(axisName)}`;

/**
 * The self-diagnostic (docs/product/rules.md#R550–R557): the questionnaire, the scoring of a set
 * of answers, the plan of tools for the priorities, and the members' saved results.
 */
@Injectable()
export class DiagnosticService {
  constructor(
    private readonly repository: DiagnosticRepository,
    private readonly cards: ToolCards,
    private readonly transactions: TransactionRunner,
  ) {}

  async questionnaire(): Promise<DiagnosticQuestionnaire> {
    const data = await this.repository.questionnaire();
    return {
      axes: data.axes.map((a) => ({ id: a.id, key: a.key, name: a.name, description: a.description })),
      questions: data.questions.map((q) => ({
        id: q.id, axisId: q.axis_id, text: q.text, help: q.help, multiple: q.multiple,
        answers: data.answers.filter((a) => a.question_id === q.id).map((a) => ({ id: a.id, text: a.text })),
      })),
    };
  }

  async evaluate(answerIds: number[], caller?: AuthUser): Promise<DiagnosticResultResponse> {
    const data = await this.repository.questionnaire();
    const scoring = this.score(data, answerIds);
    return { result: await this.result(data, scoring, caller) };
  }

  /** Saves the member's result (docs/product/rules.md#R555), the 100 latest kept (docs/product/rules.md#R780); the latest one feeds 'Pour vous'. */
  async save(caller: AuthUser, answerIds: number[]): Promise<SavedDiagnosticResultResponse> {
    const data = await this.repository.questionnaire();
    const scoring = this.score(data, answerIds);
    const row = await this.transactions.run((tx) => this.repository.saveResult(tx, caller.id, scoring, DiagnosticLimits.savedMax));
    const result = await this.result(data, scoring, caller);
    return { result: { ...result, id: row.id, createdAt: new Date(row.created_at).toISOString() } };
  }

  async history(caller: AuthUser): Promise<DiagnosticHistoryResponse> {
    const rows = await this.repository.listResults(caller.id, DiagnosticLimits.historySize);
    return {
      results: rows.map((r) => ({
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        answerIds: r.answer_ids.map(Number),
        overall: r.overall,
        scores: r.scores.map((s) => ({ key: s.key, name: s.name, score: s.score })),
      })),
    };
  }

  /** The plan of a saved result, by priority (for 'Pour vous', docs/product/rules.md#R985). */
  async planOf(priorityAxisIds: number[], answerIds: number[]): Promise<Array<{ toolId: number; reason: string; priority: number }>> {
    const data = await this.repository.questionnaire();
    const axes = priorityAxisIds.map((id) => data.axes.find((a) => a.id === id)).filter((a): a is AxisRow => a !== undefined);
    const plans = await this.plan(axes, answerIds);
    return axes.flatMap((axis, priority) => (plans.get(axis.id) ?? []).map((p) => ({ ...p, reason: priorityReason(axis.name), priority })));
  }

  private score(data: Questionnaire, answerIds: number[]): Scoring {
    const questions: ScoringQuestion[] = data.questions.map((q) => ({
      id: q.id, axisId: q.axis_id, text: q.text, multiple: q.multiple,
      answers: data.answers.filter((a) => a.question_id === q.id).map((a) => ({ id: a.id, points: a.points })),
    }));
    const outcome = scoreAnswers(data.axes, questions, answerIds);
    if ('error' in outcome) throw new BadRequestError(outcome.error);
    if (outcome.answerIds.length === 0) throw new BadRequestError(DiagnosticMessages.noAnswer);
    return outcome;
  }

  private async result(data: Questionnaire, scoring: Scoring, caller?: AuthUser): Promise<DiagnosticResult> {
    const axes = new Map(data.axes.map((a) => [a.id, a]));
    const priorityAxes = scoring.priorityAxisIds.map((id) => axes.get(id)).filter((a): a is AxisRow => a !== undefined);
    const plans = await this.plan(priorityAxes, scoring.answerIds);
    const cards = await this.cards.byIds([...plans.values()].flat().map((p) => p.toolId), caller?.id);
    const priorities: DiagnosticPriority[] = priorityAxes.map((axis) => ({
      axisId: axis.id,
      key: axis.key,
      name: axis.name,
      score: scoring.scores.find((s) => s.axisId === axis.id)?.score ?? 0,
      text: axis.priority_text,
      tools: (plans.get(axis.id) ?? []).flatMap((p): PlanTool[] => {
        const tool = cards.get(p.toolId);
        return tool ? [{ tool, reason: p.reason }] : [];
      }),
    }));
    return { answerIds: scoring.answerIds, scores: scoring.scores, overall: scoring.overall, priorities };
  }

  /**
   * The plan (docs/product/rules.md#R554), per priority: the tools the chosen answers of that axis
   * name (heaviest first), then the axis's own tools in order, then the most downloaded tools of
   * its category; three per priority, never the same tool twice in the plan.
   */
  private async plan(axes: AxisRow[], answerIds: number[]): Promise<Map<number, Array<{ toolId: number; reason: string }>>> {
    const axisIds = axes.map((a) => a.id);
    const categoryIds = axes.flatMap((a) => (a.category_id === null ? [] : [a.category_id]));
    const [byAnswer, byAxis, byCategory] = await Promise.all([
      this.repository.answerTools(answerIds),
      this.repository.axisTools(axisIds),
      this.repository.categoryTools(categoryIds, DiagnosticLimits.toolsPerPriority * (DiagnosticLimits.maxPriorities + 1)),
    ]);
    const used = new Set<number>();
    const plans = new Map<number, Array<{ toolId: number; reason: string }>>();
    for (const axis of axes) {
      const plan: Array<{ toolId: number; reason: string }> = [];
      const add = (toolId: number, reason: string) => {
        if (plan.length >= DiagnosticLimits.toolsPerPriority || used.has(toolId)) return;
        used.add(toolId);
        plan.push({ toolId, reason });
      };
      for (const row of byAnswer) if (row.axis_id === axis.id) add(row.tool_id, `Parce que vous avez répondu « ${row.answer_text} »`);
      for (const row of byAxis) if (row.axis_id === axis.id) add(row.tool_id, priorityReason(axis.name));
      for (const row of byCategory) if (row.category_id === axis.category_id) add(row.tool_id, priorityReason(axis.name));
      plans.set(axis.id, plan);
    }
    return plans;
  }
}
