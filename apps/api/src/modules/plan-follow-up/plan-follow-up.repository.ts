import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AxisScore, PlanStepAnswer } from '@outils/contracts';
import { managerOf, Transaction } from '@outils/server-db';

export interface PlanRow {
  id: string;
  user_id: string;
  baseline_scores: AxisScore[];
  started_at: Date;
  completed_at: Date | null;
  ended_at: Date | null;
  unsubscribed_at: Date | null;
}

export interface StepRow { tool_id: number; position: number; answer: PlanStepAnswer | null; answered_at: Date | null; name: string }

export interface FunnelRow { started: number; old_enough: number; followed: number; finished: number }
export interface AxisMedianRow { axis_id: number; name: string; plans: number; median: number | null }

const PLAN_COLUMNS = `id::text AS id, user_id, baseline_scores, started_at, completed_at, ended_at, unsubscribed_at`;

/** An UPDATE through `query()` answers `[rows, affected]` (TypeORM on PostgreSQL). */
/** The followed plans and their steps (docs/product/rules.md#R976–R984). */
@Injectable()
export class PlanFollowUpRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async ofUser(userId: string, tx?: Transaction): Promise<PlanRow | null> {
    const [row] = await (tx ? managerOf(tx) : this.dataSource).query(`SELECT ${PLAN_COLUMNS} FROM plan_follow_up WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  async byId(tx: Transaction, planId: string): Promise<PlanRow | null> {
    const [row] = await managerOf(tx).query(`SELECT ${PLAN_COLUMNS} FROM plan_follow_up WHERE id = $1 FOR UPDATE`, [planId]);
    return row ?? null;
  }

  async steps(planId: string, tx?: Transaction): Promise<StepRow[]> {
    return (tx ? managerOf(tx) : this.dataSource).query(
      `SELECT s.tool_id, s.position, s.answer, s.answered_at, t.name FROM plan_step s JOIN tool t ON t.id = s.tool_id
        WHERE s.plan_id = $1 ORDER BY s.position`,
      [planId],
    );
  }

  /** A new plan replaces the member's previous one (docs/product/rules.md#R976). */
  async replace(tx: Transaction, userId: string, baseline: AxisScore[], toolIds: number[]): Promise<void> {
    const manager = managerOf(tx);
    await manager.query(`DELETE FROM plan_follow_up WHERE user_id = $1`, [userId]);
    const [plan] = await manager.query(`INSERT INTO plan_follow_up (user_id, baseline_scores) VALUES ($1, $2::jsonb) RETURNING id`, [
      userId, JSON.stringify(baseline),
    ]);
    await manager.query(
      `INSERT INTO plan_step (plan_id, tool_id, position) SELECT $1, tool_id, n::int - 1 FROM unnest($2::int[]) WITH ORDINALITY AS s(tool_id, n)`,
      [plan.id, toolIds],
    );
  }

  /** Records a step's answer; false when the tool is not a step of that plan. */
  async answer(tx: Transaction, planId: string, toolId: number, answer: PlanStepAnswer, now: Date): Promise<boolean> {
    const manager = managerOf(tx);
    const [, affected]: [unknown[], number] = await manager.query(
      `UPDATE plan_step SET answer = $3, answered_at = $4 WHERE plan_id = $1 AND tool_id = $2 RETURNING tool_id`,
      [planId, toolId, answer, now],
    );
    if (!affected) return false;
    await manager.query(`UPDATE plan_follow_up SET last_answer_at = $2 WHERE id = $1`, [planId, now]);
    return true;
  }

  /**
   * Ends the plan when every step is 'Fait' or 'Pas utile' (docs/product/rules.md#R978); true
   * only for the answer that ended it.
   */
  async completeIfAnswered(tx: Transaction, planId: string, now: Date): Promise<boolean> {
    const [, affected]: [unknown[], number] = await managerOf(tx).query(
      `UPDATE plan_follow_up p SET completed_at = $2, ended_at = COALESCE(p.ended_at, $2)
        WHERE p.id = $1 AND p.completed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM plan_step s WHERE s.plan_id = p.id AND (s.answer IS NULL OR s.answer = 'not_yet'))
        RETURNING p.id`,
      [planId, now],
    );
    return affected > 0;
  }

  async unsubscribe(planId: string): Promise<void> {
    await this.dataSource.query(`UPDATE plan_follow_up SET unsubscribed_at = COALESCE(unsubscribed_at, now()) WHERE id = $1`, [planId]);
  }

  /** The member's latest saved diagnostic taken after `since` (docs/product/rules.md#R981). */
  async latestResultSince(userId: string, since: Date): Promise<{ scores: AxisScore[]; created_at: Date } | null> {
    const [row] = await this.dataSource.query(
      `SELECT scores, created_at FROM diagnostic_result WHERE user_id = $1 AND created_at > $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [userId, since],
    );
    return row ?? null;
  }

  /** The admins' funnel (docs/product/rules.md#R983). */
  async funnel(now: Date): Promise<FunnelRow> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS started,
              count(*) FILTER (WHERE started_at <= $1::timestamptz - interval '14 days')::int AS old_enough,
              count(*) FILTER (WHERE started_at <= $1::timestamptz - interval '14 days' AND last_answer_at >= started_at + interval '7 days')::int AS followed,
              count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS finished
         FROM plan_follow_up`,
      [now],
    );
    return row;
  }

  /** Per axis, the median change between each plan's first diagnostic and its member's latest one since (docs/product/rules.md#R983). */
  async axisMedians(): Promise<AxisMedianRow[]> {
    return this.dataSource.query(
      `WITH latest AS (
         SELECT DISTINCT ON (p.id) p.id, p.baseline_scores, r.scores
           FROM plan_follow_up p JOIN diagnostic_result r ON r.user_id = p.user_id AND r.created_at > p.started_at
          ORDER BY p.id, r.created_at DESC, r.id DESC),
       changes AS (
         SELECT (b->>'axisId')::int AS axis_id, (a->>'score')::numeric - (b->>'score')::numeric AS change
           FROM latest, jsonb_array_elements(latest.baseline_scores) b, jsonb_array_elements(latest.scores) a
          WHERE a->>'axisId' = b->>'axisId' AND b->>'score' IS NOT NULL AND a->>'score' IS NOT NULL)
       SELECT x.id AS axis_id, x.name, count(c.change)::int AS plans,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY c.change) AS median
         FROM diagnostic_axis x LEFT JOIN changes c ON c.axis_id = x.id
        GROUP BY x.id, x.name, x.position ORDER BY x.position, x.id`,
    );
  }
}
