import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The diagnostic's plan, followed up (docs/product/rules.md#R976–R984): one plan per member at a
 * time, its steps (the tools of the priority plan, in order) with the member's answer, the
 * weekly mails' claim (`weeks_mailed`, so that a week is mailed once) and the scores of the
 * diagnostic it started from, kept with the plan so that the change can be measured even once
 * that result is gone from the member's history.
 */
export class CreatePlanFollowUp1768000000000 implements MigrationInterface {
  name = 'CreatePlanFollowUp1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE plan_follow_up (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      baseline_scores jsonb NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      weeks_mailed smallint NOT NULL DEFAULT 0,
      last_answer_at timestamptz,
      completed_at timestamptz,
      ended_at timestamptz,
      end_mailed_at timestamptz,
      unsubscribed_at timestamptz
    )`);
    // One plan followed at a time: a new one replaces the member's previous plan.
    await q.query(`CREATE UNIQUE INDEX plan_follow_up_user ON plan_follow_up (user_id)`);
    await q.query(`CREATE INDEX plan_follow_up_open ON plan_follow_up (started_at) WHERE end_mailed_at IS NULL AND unsubscribed_at IS NULL`);
    await q.query(`CREATE TABLE plan_step (
      plan_id bigint NOT NULL REFERENCES plan_follow_up(id) ON DELETE CASCADE,
      tool_id integer NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      answer varchar(12) CHECK (answer IN ('done', 'not_yet', 'not_useful')),
      answered_at timestamptz,
      PRIMARY KEY (plan_id, tool_id)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE plan_step`);
    await q.query(`DROP TABLE plan_follow_up`);
  }
}
