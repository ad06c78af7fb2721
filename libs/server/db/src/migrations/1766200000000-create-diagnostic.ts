import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personalised advice (docs/product/rules.md#R550): the self-diagnostic as data (axes, questions,
 * answers and their points, which tools answer which need), the members' saved results, and the
 * related tools of each sheet as the worker computes them (docs/product/rules.md#R565).
 */
export class CreateDiagnostic1766200000000 implements MigrationInterface {
  name = 'CreateDiagnostic1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE diagnostic_axis (
      id serial PRIMARY KEY,
      key varchar(40) NOT NULL UNIQUE,
      name varchar(120) NOT NULL,
      description text NOT NULL,
      priority_text text NOT NULL,
      category_id int REFERENCES category(id) ON DELETE SET NULL,
      position int NOT NULL DEFAULT 0)`);

    await q.query(`CREATE TABLE diagnostic_question (
      id serial PRIMARY KEY,
      axis_id int NOT NULL REFERENCES diagnostic_axis(id) ON DELETE CASCADE,
      text varchar(300) NOT NULL,
      help varchar(500),
      multiple boolean NOT NULL DEFAULT false,
      position int NOT NULL DEFAULT 0)`);
    await q.query(`CREATE INDEX diagnostic_question_axis_idx ON diagnostic_question (axis_id)`);

    await q.query(`CREATE TABLE diagnostic_answer (
      id serial PRIMARY KEY,
      question_id int NOT NULL REFERENCES diagnostic_question(id) ON DELETE CASCADE,
      text varchar(200) NOT NULL,
      points int NOT NULL DEFAULT 0,
      position int NOT NULL DEFAULT 0)`);
    await q.query(`CREATE INDEX diagnostic_answer_question_idx ON diagnostic_answer (question_id, position)`);

    await q.query(`CREATE TABLE diagnostic_answer_tool (
      answer_id int NOT NULL REFERENCES diagnostic_answer(id) ON DELETE CASCADE,
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      weight int NOT NULL DEFAULT 1,
      PRIMARY KEY (answer_id, tool_id))`);
    await q.query(`CREATE INDEX diagnostic_answer_tool_tool_idx ON diagnostic_answer_tool (tool_id)`);

    await q.query(`CREATE TABLE diagnostic_axis_tool (
      axis_id int NOT NULL REFERENCES diagnostic_axis(id) ON DELETE CASCADE,
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      position int NOT NULL DEFAULT 0,
      PRIMARY KEY (axis_id, tool_id))`);
    await q.query(`CREATE INDEX diagnostic_axis_tool_tool_idx ON diagnostic_axis_tool (tool_id)`);

    await q.query(`CREATE TABLE diagnostic_result (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      answer_ids int[] NOT NULL,
      scores jsonb NOT NULL,
      overall int,
      priority_axis_ids int[] NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX diagnostic_result_user_idx ON diagnostic_result (user_id, created_at)`);

    await q.query(`CREATE TABLE tool_related (
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      related_tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      position int NOT NULL,
      reason varchar(20) NOT NULL,
      computed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tool_id, related_tool_id))`);
    await q.query(`CREATE INDEX tool_related_related_idx ON tool_related (related_tool_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['tool_related', 'diagnostic_result', 'diagnostic_axis_tool', 'diagnostic_answer_tool', 'diagnostic_answer', 'diagnostic_question', 'diagnostic_axis']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
