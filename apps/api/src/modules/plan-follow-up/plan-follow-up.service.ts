import { Inject, Injectable } from '@nestjs/common';
import {
  FollowedPlan, FollowedPlanResponse, MyPlanResponse, PlanAdminStats, PlanAxisChange, PlanLimits, PlanMailAnswerPreview, PlanMessages, PlanStepAnswer,
  PlanStepAnswerLabels, PlanWebRoutes, type AxisScore,
} from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkSigner, PlanLinks } from '@outils/server-signing';
import type { AuthUser } from '../../common/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { DiagnosticRepository } from '../diagnostic/diagnostic.repository';
import { DiagnosticService } from '../diagnostic/diagnostic.service';
import { ToolCards } from '../diagnostic/tool-cards';
import { PlanFollowUpRepository, PlanRow } from './plan-follow-up.repository';

const WEEK_MS = PlanLimits.daysPerWeek * 24 * 60 * 60 * 1000;

const sameAnswers = (a: number[], b: number[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
};

/** Each axis of the first diagnostic beside the latest one (docs/product/rules.md#R981). */
export function axisChanges(before: AxisScore[], after: AxisScore[]): PlanAxisChange[] {
  return after.map((a) => {
    const b = before.find((s) => s.axisId === a.axisId);
    const was = b?.score ?? null;
    return { axisId: a.axisId, name: a.name, before: was, after: a.score, change: was === null || a.score === null ? null : a.score - was };
  });
}

/**
 * The diagnostic's plan, followed up (docs/product/rules.md#R976–R983): started from the member's
 * latest saved diagnostic, its steps answered on the member's page or from a mail's signed link,
 * measured against the next diagnostic.
 */
@Injectable()
export class PlanFollowUpService {
  private readonly links: PlanLinks;

  constructor(
    private readonly plans: PlanFollowUpRepository,
    private readonly diagnostics: DiagnosticRepository,
    private readonly diagnostic: DiagnosticService,
    private readonly cards: ToolCards,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signer: LinkSigner,
  ) {
    this.links = new PlanLinks(signer);
  }

  /**
   * docs/product/rules.md#R976: the tools of the result's plan become the steps, in order: the
   * result of `answerIds` (saved first unless it is the latest saved one), else the latest saved.
   */
  async start(caller: AuthUser, answerIds?: number[]): Promise<FollowedPlanResponse> {
    let [latest] = await this.diagnostics.listResults(caller.id, 1);
    if (answerIds && (!latest || !sameAnswers(latest.answer_ids.map(Number), answerIds))) {
      await this.diagnostic.save(caller, answerIds);
      [latest] = await this.diagnostics.listResults(caller.id, 1);
    }
    if (!latest) throw new BadRequestError(PlanMessages.noResult);
    const plan = await this.diagnostic.planOf(latest.priority_axis_ids, latest.answer_ids.map(Number));
    const toolIds = [...new Set(plan.map((p) => p.toolId))];
    if (toolIds.length === 0) throw new BadRequestError(PlanMessages.emptyPlan);
    await this.transactions.run((tx) => this.plans.replace(tx, caller.id, latest.scores, toolIds));
    return { plan: await this.mineOrThrow(caller), message: PlanMessages.started };
  }

  /** docs/product/rules.md#R969: no plan is an answer, not an error ('Mon plan' invites to take the diagnostic). */
  async mine(caller: AuthUser): Promise<MyPlanResponse> {
    return { plan: await this.planOf(caller) };
  }

  /** docs/product/rules.md#R977: the member marks a step. */
  async answer(caller: AuthUser, toolId: number, answer: PlanStepAnswer): Promise<FollowedPlanResponse> {
    const completed = await this.transactions.run(async (tx) => {
      const plan = await this.plans.ofUser(caller.id, tx);
      if (!plan) throw new NotFoundError(PlanMessages.noPlan);
      return this.record(tx, plan, toolId, answer);
    });
    return { plan: await this.mineOrThrow(caller), message: completed ? PlanMessages.finished : PlanMessages.answered(PlanStepAnswerLabels[answer]) };
  }

  /** docs/product/rules.md#R980: what a mail's answer link would do; reading it changes nothing. */
  async previewMailAnswer(link: { plan: string; tool: string; answer: PlanStepAnswer; token: string }): Promise<PlanMailAnswerPreview> {
    this.checkAnswerLink(link);
    const steps = await this.plans.steps(link.plan);
    const step = steps.find((s) => s.tool_id === Number(link.tool));
    if (!step) throw new BadRequestError(PlanMessages.linkInvalid);
    return { toolName: step.name, answer: link.answer, answerLabel: PlanStepAnswerLabels[link.answer] };
  }

  /** docs/product/rules.md#R980: the answer page's button, without login: the signed link alone says which step and which answer. */
  async mailAnswer(link: { plan: string; tool: string; answer: PlanStepAnswer; token: string }): Promise<{ message: string }> {
    this.checkAnswerLink(link);
    const completed = await this.transactions.run(async (tx) => {
      const plan = await this.plans.byId(tx, link.plan);
      if (!plan) throw new BadRequestError(PlanMessages.linkInvalid);
      return this.record(tx, plan, Number(link.tool), link.answer);
    });
    return { message: completed ? PlanMessages.finished : PlanMessages.answered(PlanStepAnswerLabels[link.answer]) };
  }

  /** docs/product/rules.md#R979: one click, from the mail's header or the page's button. */
  async unsubscribe(link: { plan: string; token: string }): Promise<{ message: string }> {
    if (!this.links.unsubscribes(link.plan, link.token)) throw new BadRequestError(PlanMessages.linkInvalid);
    await this.plans.unsubscribe(link.plan);
    return { message: PlanMessages.unsubscribed };
  }

  /** A GET of the mail's address opens the page, whose button unsubscribes (a link scanner changes nothing). */
  unsubscribePageUrl(plan: string, token: string): string {
    return `${this.config.urls.web}${PlanWebRoutes.unsubscribe}?${new URLSearchParams({ plan, token }).toString()}`;
  }

  /** docs/product/rules.md#R983: the funnel and the median change per axis. */
  async adminStats(now = new Date()): Promise<PlanAdminStats> {
    const [funnel, axes] = await Promise.all([this.plans.funnel(now), this.plans.axisMedians()]);
    return {
      started: funnel.started,
      oldEnough: funnel.old_enough,
      followedAtWeek2: funnel.followed,
      finished: funnel.finished,
      axes: axes.map((a) => ({ axisId: a.axis_id, name: a.name, plans: a.plans, medianChange: a.median === null ? null : Math.round(Number(a.median) * 10) / 10 })),
    };
  }

  private checkAnswerLink(link: { plan: string; tool: string; answer: string; token: string }): void {
    if (!this.links.answers(link.plan, Number(link.tool), link.answer, link.token)) throw new BadRequestError(PlanMessages.linkInvalid);
  }

  private async record(tx: Parameters<PlanFollowUpRepository['answer']>[0], plan: PlanRow, toolId: number, answer: PlanStepAnswer): Promise<boolean> {
    const now = new Date();
    if (!(await this.plans.answer(tx, plan.id, toolId, answer, now))) throw new NotFoundError(PlanMessages.unknownStep);
    return this.plans.completeIfAnswered(tx, plan.id, now);
  }

  private async mineOrThrow(caller: AuthUser): Promise<FollowedPlan> {
    const plan = await this.planOf(caller);
    if (!plan) throw new NotFoundError(PlanMessages.noPlan);
    return plan;
  }

  private async planOf(caller: AuthUser): Promise<FollowedPlan | null> {
    const plan = await this.plans.ofUser(caller.id);
    if (!plan) return null;
    const steps = await this.plans.steps(plan.id);
    const cards = await this.cards.byIds(steps.map((s) => s.tool_id), caller.id);
    const started = new Date(plan.started_at);
    const latest = await this.plans.latestResultSince(caller.id, started);
    const ended = plan.ended_at ?? plan.completed_at;
    return {
      id: plan.id,
      startedAt: started.toISOString(),
      week: Math.min(PlanLimits.weeks, Math.floor((Date.now() - started.getTime()) / WEEK_MS) + 1),
      status: ended ? 'finished' : 'active',
      mails: !ended && plan.unsubscribed_at === null,
      finishedAt: ended ? new Date(ended).toISOString() : null,
      steps: steps.flatMap((s) => {
        const tool = cards.get(s.tool_id);
        return tool ? [{ position: s.position, tool, answer: s.answer, answeredAt: s.answered_at ? new Date(s.answered_at).toISOString() : null }] : [];
      }),
      changes: latest ? axisChanges(plan.baseline_scores, latest.scores) : null,
      retakenAt: latest ? new Date(latest.created_at).toISOString() : null,
    };
  }
}
