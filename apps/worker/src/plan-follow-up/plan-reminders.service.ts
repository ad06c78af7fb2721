import { Inject, Injectable, Logger } from '@nestjs/common';
import { DiagnosticWebRoutes, PLAN_STEP_ANSWERS, PlanApiRoutes, PlanLimits, PlanStepAnswerLabels, PlanWebRoutes, WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { OutboxRepository } from '@outils/server-jobs';
import type { Transaction } from '@outils/server-db';
import { LinkSigner, PlanLinks } from '@outils/server-signing';
import { OpenPlanRow, PlanRemindersRepository } from './plan-reminders.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan's weeks elapsed at `now`: 0 during the first 7 days, then 1…, at most 8. */
export function weeksElapsed(startedAt: Date, now: Date): number {
  const weeks = Math.floor((now.getTime() - new Date(startedAt).getTime()) / (PlanLimits.daysPerWeek * DAY_MS));
  return Math.max(0, Math.min(PlanLimits.weeks, weeks));
}

/**
 * The followed plans' weekly mails (docs/product/rules.md#R979–R981): after each full week, one
 * outbox mail with the next step and its one-click answers, written in the transaction that
 * claims the week, so that a run twice (or on two replicas) mails nobody twice; after 8 weeks, or
 * once every step has its answer, one last mail inviting to retake the diagnostic, and none after.
 */
@Injectable()
export class PlanRemindersService {
  private readonly logger = new Logger(PlanRemindersService.name);
  private readonly links: PlanLinks;

  constructor(
    private readonly plans: PlanRemindersRepository,
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signer: LinkSigner,
  ) {
    this.links = new PlanLinks(signer);
  }

  async sendReminders(now = new Date()): Promise<{ reminders: number; ends: number }> {
    let reminders = 0;
    let ends = 0;
    for (const plan of await this.plans.open()) {
      const week = weeksElapsed(plan.started_at, now);
      const ending = plan.completed_at !== null || week >= PlanLimits.weeks;
      if (!ending && week <= plan.weeks_mailed) continue;
      const sent = await this.plans.transaction(async (tx) => {
        const step = ending ? null : await this.plans.nextStep(tx, plan.id);
        if (ending || !step) {
          if (!(await this.plans.claimEnd(tx, plan.id, week, now))) return null;
          await this.enqueue(tx, plan, week, null);
          return 'end' as const;
        }
        if (!(await this.plans.claimWeek(tx, plan.id, week))) return null;
        await this.enqueue(tx, plan, week, step);
        return 'reminder' as const;
      });
      if (sent === 'end') ends += 1;
      if (sent === 'reminder') reminders += 1;
    }
    this.logger.log(`Plan mails: ${reminders} weekly reminder(s), ${ends} last mail(s)`);
    return { reminders, ends };
  }

  private async enqueue(
    tx: Transaction,
    plan: OpenPlanRow,
    week: number,
    step: { tool_id: number; name: string; slug: string } | null,
  ): Promise<void> {
    const { web, api } = this.config.urls;
    const unsubscribe = new URLSearchParams({ plan: plan.id, token: this.links.unsubscribeToken(plan.id) }).toString();
    await this.outbox.enqueue(tx, {
      name: 'send-plan-reminder-mail',
      data: {
        to: plan.email,
        firstName: plan.first_name,
        week,
        step: step && {
          toolName: step.name,
          toolUrl: `${web}${WebRoutes.toolBySlug(step.slug)}`,
          // docs/product/rules.md#R980: each answer opens a page that shows it and acts at its button only.
          answers: PLAN_STEP_ANSWERS.map((answer) => ({
            label: PlanStepAnswerLabels[answer],
            url: `${web}${PlanWebRoutes.answer}?${new URLSearchParams({
              plan: plan.id, tool: String(step.tool_id), answer, token: this.links.answerToken(plan.id, step.tool_id, answer),
            }).toString()}`,
          })),
        },
        planUrl: `${web}${PlanWebRoutes.mine}`,
        diagnosticUrl: `${web}${DiagnosticWebRoutes.diagnostic}`,
        unsubscribeUrl: `${web}${PlanWebRoutes.unsubscribe}?${unsubscribe}`,
        oneClickUrl: `${api}${PlanApiRoutes.unsubscribe}?${unsubscribe}`,
      },
    });
  }
}
