import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { asTransaction, managerOf, Transaction } from '@outils/server-db';

/** A followed plan whose weekly mail may be due (docs/product/rules.md#R979). */
export interface OpenPlanRow {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  started_at: Date;
  weeks_mailed: number;
  completed_at: Date | null;
}

/** The next step of a plan: the first, in order, with no answer or 'Pas encore'. */
export interface NextStepRow { tool_id: number; name: string; slug: string }

/** The followed plans' weekly mails: reads and claims (docs/product/rules.md#R979). */
@Injectable()
export class PlanRemindersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Plans still mailed (not unsubscribed, no end mail yet) of activated members. */
  async open(): Promise<OpenPlanRow[]> {
    return this.dataSource.query(
      `SELECT p.id::text AS id, p.user_id, u.email, u.first_name, p.started_at, p.weeks_mailed, p.completed_at
         FROM plan_follow_up p JOIN app_user u ON u.id = p.user_id
        WHERE p.unsubscribed_at IS NULL AND p.end_mailed_at IS NULL AND u.activated_at IS NOT NULL
        ORDER BY p.id`,
    );
  }

  async nextStep(tx: Transaction, planId: string): Promise<NextStepRow | null> {
    const [row] = await managerOf(tx).query(
      `SELECT s.tool_id, t.name, t.slug FROM plan_step s JOIN tool t ON t.id = s.tool_id
        WHERE s.plan_id = $1 AND (s.answer IS NULL OR s.answer = 'not_yet') ORDER BY s.position LIMIT 1`,
      [planId],
    );
    return row ?? null;
  }

  /**
   * Claims the plan's reminder of `week`, in the caller's transaction: false when another run (or
   * replica) mailed that week already, or the plan ended or was unsubscribed meanwhile.
   */
  async claimWeek(tx: Transaction, planId: string, week: number): Promise<boolean> {
    const [, affected]: [unknown[], number] = await managerOf(tx).query(
      `UPDATE plan_follow_up SET weeks_mailed = $2
        WHERE id = $1 AND weeks_mailed < $2 AND unsubscribed_at IS NULL AND end_mailed_at IS NULL AND completed_at IS NULL RETURNING id`,
      [planId, week],
    );
    return affected > 0;
  }

  /** Claims the plan's last mail (docs/product/rules.md#R981): the plan ends with it. */
  async claimEnd(tx: Transaction, planId: string, week: number, now: Date): Promise<boolean> {
    const [, affected]: [unknown[], number] = await managerOf(tx).query(
      `UPDATE plan_follow_up SET weeks_mailed = GREATEST(weeks_mailed, $2), end_mailed_at = $3, ended_at = COALESCE(ended_at, $3)
        WHERE id = $1 AND unsubscribed_at IS NULL AND end_mailed_at IS NULL RETURNING id`,
      [planId, week, now],
    );
    return affected > 0;
  }

  /** Plans started more than `months` ago (docs/product/rules.md#R984). */
  async deleteOlderThan(months: number): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM plan_follow_up WHERE started_at < now() - make_interval(months => $1)`,
      [months],
    );
    return Number(result[1] ?? 0);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(asTransaction(manager)));
  }
}
