import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AxisScore } from '@outils/contracts';
import { managerOf, publishedTool, Transaction } from '@outils/server-db';

export interface AxisRow { id: number; key: string; name: string; description: string; priority_text: string; category_id: number | null; position: number }
export interface QuestionRow { id: number; axis_id: number; text: string; help: string | null; multiple: boolean; position: number }
export interface AnswerRow { id: number; question_id: number; text: string; points: number; position: number }
/** A tool that answers a chosen answer's need, with the answer that named it. */
export interface AnswerToolRow { answer_id: number; answer_text: string; axis_id: number; tool_id: number; weight: number }
export interface AxisToolRow { axis_id: number; tool_id: number; position: number }
export interface CategoryToolRow { category_id: number; tool_id: number }
export interface ResultRow {
  id: string;
  answer_ids: number[];
  scores: AxisScore[];
  overall: number | null;
  priority_axis_ids: number[];
  created_at: Date;
}

export interface Questionnaire { axes: AxisRow[]; questions: QuestionRow[]; answers: AnswerRow[] }

/** The questionnaire, its mapping to the tools and the members' results (docs/product/rules.md#R550). */
@Injectable()
export class DiagnosticRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async questionnaire(): Promise<Questionnaire> {
    const [axes, questions, answers] = await Promise.all([
      this.dataSource.query(`SELECT id, key, name, description, priority_text, category_id, position FROM diagnostic_axis ORDER BY position, id`),
      this.dataSource.query(
        `SELECT q.id, q.axis_id, q.text, q.help, q.multiple, q.position
           FROM diagnostic_question q JOIN diagnostic_axis a ON a.id = q.axis_id
          ORDER BY q.position, a.position, q.id`,
      ),
      this.dataSource.query(`SELECT id, question_id, text, points, position FROM diagnostic_answer ORDER BY question_id, position, id`),
    ]);
    return { axes, questions, answers };
  }

  /** Public tools named by the chosen answers, strongest first (docs/product/rules.md#R554, docs/product/rules.md#R651). */
  async answerTools(answerIds: number[]): Promise<AnswerToolRow[]> {
    if (answerIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT at.answer_id, a.text AS answer_text, q.axis_id, at.tool_id, at.weight
         FROM diagnostic_answer_tool at
         JOIN diagnostic_answer a ON a.id = at.answer_id
         JOIN diagnostic_question q ON q.id = a.question_id
         JOIN tool t ON t.id = at.tool_id AND ${publishedTool('t')}
        WHERE at.answer_id = ANY($1::int[])
        ORDER BY at.weight DESC, q.position, a.position, at.tool_id`,
      [answerIds],
    );
  }

  async axisTools(axisIds: number[]): Promise<AxisToolRow[]> {
    if (axisIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT x.axis_id, x.tool_id, x.position FROM diagnostic_axis_tool x JOIN tool t ON t.id = x.tool_id AND ${publishedTool('t')}
        WHERE x.axis_id = ANY($1::int[]) ORDER BY x.position, x.tool_id`,
      [axisIds],
    );
  }

  /** The most downloaded tools of these categories (the plan's last resort). */
  async categoryTools(categoryIds: number[], perCategory: number): Promise<CategoryToolRow[]> {
    if (categoryIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT category_id, id AS tool_id FROM (
         SELECT t.category_id, t.id, row_number() OVER (PARTITION BY t.category_id ORDER BY t.download_count DESC, t.id) AS n
           FROM tool t WHERE t.category_id = ANY($1::int[]) AND ${publishedTool('t')}) ranked
        WHERE n <= $2 ORDER BY category_id, n`,
      [categoryIds, perCategory],
    );
  }

  /**
   * Saves a result and deletes the member's oldest beyond `keep`, in the caller's transaction
   * (docs/product/rules.md#R780). The member's row is locked first, so that two saves at once
   * cannot both count 100 and leave 101.
   */
  async saveResult(
    tx: Transaction,
    userId: string,
    result: { answerIds: number[]; scores: AxisScore[]; overall: number | null; priorityAxisIds: number[] },
    keep: number,
  ): Promise<ResultRow> {
    const manager = managerOf(tx);
    await manager.query(`SELECT 1 FROM app_user WHERE id = $1 FOR UPDATE`, [userId]);
    const [row]: ResultRow[] = await manager.query(
      `INSERT INTO diagnostic_result (user_id, answer_ids, scores, overall, priority_axis_ids)
       VALUES ($1, $2::int[], $3::jsonb, $4, $5::int[])
       RETURNING id, answer_ids, scores, overall, priority_axis_ids, created_at`,
      [userId, result.answerIds, JSON.stringify(result.scores), result.overall, result.priorityAxisIds],
    );
    await manager.query(
      `DELETE FROM diagnostic_result WHERE id IN (
         SELECT id FROM diagnostic_result WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2)`,
      [userId, keep],
    );
    return row;
  }

  async listResults(userId: string, limit: number): Promise<ResultRow[]> {
    return this.dataSource.query(
      `SELECT id, answer_ids, scores, overall, priority_axis_ids, created_at
         FROM diagnostic_result WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [userId, limit],
    );
  }
}
