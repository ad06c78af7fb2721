import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, Transaction } from '@outils/server-db';
import type { AdminDiagnosticAnswerInput } from '@outils/contracts';
import type { AnswerRow, AxisRow, QuestionRow } from './diagnostic.repository';

export interface AdminQuestionnaireRows {
  axes: AxisRow[];
  questions: QuestionRow[];
  answers: AnswerRow[];
  answerTools: Array<{ answer_id: number; tool_id: number }>;
  savedCounts: Array<{ answer_id: number; n: number }>;
  tools: Array<{ id: number; name: string }>;
}

export interface QuestionFields { axisId: number; text: string; help: string | null; multiple: boolean }

/** Persistence of the questionnaire editor (docs/product/rules.md#R571–R574). */
@Injectable()
export class DiagnosticAdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async questionnaire(): Promise<AdminQuestionnaireRows> {
    const q = (sql: string) => this.dataSource.query(sql);
    const [axes, questions, answers, answerTools, savedCounts, tools] = await Promise.all([
      q(`SELECT id, key, name, description, priority_text, category_id, position FROM diagnostic_axis ORDER BY position, id`),
      q(`SELECT q.id, q.axis_id, q.text, q.help, q.multiple, q.position
           FROM diagnostic_question q JOIN diagnostic_axis a ON a.id = q.axis_id ORDER BY q.position, a.position, q.id`),
      q(`SELECT id, question_id, text, points, position FROM diagnostic_answer ORDER BY question_id, position, id`),
      q(`SELECT answer_id, tool_id FROM diagnostic_answer_tool ORDER BY answer_id, weight DESC, tool_id`),
      q(`SELECT x.answer_id, count(*)::int AS n FROM diagnostic_result r, unnest(r.answer_ids) AS x(answer_id) GROUP BY x.answer_id`),
      q(`SELECT id, name FROM tool ORDER BY name, id`),
    ]);
    return { axes, questions, answers, answerTools, savedCounts, tools };
  }

  /** One editor at a time: concurrent edits of the questionnaire are applied one after the other. */
  async lock(tx: Transaction): Promise<void> {
    await managerOf(tx).query(`SELECT pg_advisory_xact_lock(hashtext('diagnostic-questionnaire'))`);
  }

  async axisExists(tx: Transaction, axisId: number): Promise<boolean> {
    return (await managerOf(tx).query(`SELECT 1 FROM diagnostic_axis WHERE id = $1`, [axisId])).length > 0;
  }

  /** The ids among these that are not tools of the catalogue. */
  async missingTools(tx: Transaction, toolIds: number[]): Promise<number[]> {
    if (toolIds.length === 0) return [];
    const rows: Array<{ id: number }> = await managerOf(tx).query(
      `SELECT x.id FROM unnest($1::int[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM tool t WHERE t.id = x.id)`,
      [toolIds],
    );
    return rows.map((r) => r.id);
  }

  async question(tx: Transaction, id: number): Promise<{ question: QuestionRow; answers: AnswerRow[] } | null> {
    const em = managerOf(tx);
    const [question]: QuestionRow[] = await em.query(`SELECT id, axis_id, text, help, multiple, position FROM diagnostic_question WHERE id = $1`, [id]);
    if (!question) return null;
    const answers: AnswerRow[] = await em.query(`SELECT id, question_id, text, points, position FROM diagnostic_answer WHERE question_id = $1 ORDER BY position, id`, [id]);
    return { question, answers };
  }

  /** The answers among these that saved results chose (docs/product/rules.md#R572). */
  async answersInSavedResults(tx: Transaction, answerIds: number[]): Promise<number[]> {
    if (answerIds.length === 0) return [];
    const rows: Array<{ id: number }> = await managerOf(tx).query(
      `SELECT x.id FROM unnest($1::int[]) AS x(id) WHERE EXISTS (SELECT 1 FROM diagnostic_result r WHERE x.id = ANY(r.answer_ids))`,
      [answerIds],
    );
    return rows.map((r) => r.id);
  }

  /** Whether a saved result chose two or more of these answers (docs/product/rules.md#R572). */
  async savedResultWithSeveral(tx: Transaction, answerIds: number[]): Promise<boolean> {
    if (answerIds.length < 2) return false;
    const rows = await managerOf(tx).query(
      `SELECT 1 FROM diagnostic_result r WHERE cardinality(ARRAY(SELECT unnest(r.answer_ids) INTERSECT SELECT unnest($1::int[]))) > 1 LIMIT 1`,
      [answerIds],
    );
    return rows.length > 0;
  }

  /** A new question, last of the questionnaire. */
  async insertQuestion(tx: Transaction, fields: QuestionFields): Promise<number> {
    const [row]: Array<{ id: number }> = await managerOf(tx).query(
      `INSERT INTO diagnostic_question (axis_id, text, help, multiple, position)
       VALUES ($1, $2, $3, $4, (SELECT COALESCE(max(position) + 1, 0) FROM diagnostic_question)) RETURNING id`,
      [fields.axisId, fields.text, fields.help, fields.multiple],
    );
    return row.id;
  }

  async updateQuestion(tx: Transaction, id: number, fields: QuestionFields): Promise<void> {
    await managerOf(tx).query(
      `UPDATE diagnostic_question SET axis_id = $2, text = $3, help = $4, multiple = $5 WHERE id = $1`,
      [id, fields.axisId, fields.text, fields.help, fields.multiple],
    );
  }

  async deleteAnswers(tx: Transaction, answerIds: number[]): Promise<void> {
    if (answerIds.length === 0) return;
    await managerOf(tx).query(`DELETE FROM diagnostic_answer WHERE id = ANY($1::int[])`, [answerIds]);
  }

  /**
   * Writes the answers in the given order (kept ones updated, new ones inserted) and their tools:
   * a tool kept on an answer keeps its weight, a new one weighs 1.
   */
  async writeAnswers(tx: Transaction, questionId: number, answers: AdminDiagnosticAnswerInput[]): Promise<void> {
    const em = managerOf(tx);
    for (const [position, answer] of answers.entries()) {
      let id = answer.id;
      if (id === undefined) {
        const [row]: Array<{ id: number }> = await em.query(
          `INSERT INTO diagnostic_answer (question_id, text, points, position) VALUES ($1, $2, $3, $4) RETURNING id`,
          [questionId, answer.text, answer.points, position],
        );
        id = row.id;
      } else {
        await em.query(`UPDATE diagnostic_answer SET text = $2, points = $3, position = $4 WHERE id = $1`, [id, answer.text, answer.points, position]);
      }
      await em.query(`DELETE FROM diagnostic_answer_tool WHERE answer_id = $1 AND NOT (tool_id = ANY($2::int[]))`, [id, answer.toolIds]);
      await em.query(
        `INSERT INTO diagnostic_answer_tool (answer_id, tool_id, weight) SELECT $1, x, 1 FROM unnest($2::int[]) AS x ON CONFLICT DO NOTHING`,
        [id, answer.toolIds],
      );
    }
  }

  async deleteQuestion(tx: Transaction, id: number): Promise<void> {
    await managerOf(tx).query(`DELETE FROM diagnostic_question WHERE id = $1`, [id]);
  }

  /** Sets the order when `questionIds` is exactly every question; false otherwise (nothing changed). */
  async reorder(tx: Transaction, questionIds: number[]): Promise<boolean> {
    const em = managerOf(tx);
    const rows: Array<{ id: number }> = await em.query(`SELECT id FROM diagnostic_question`);
    const current = new Set(rows.map((r) => r.id));
    if (current.size !== questionIds.length || new Set(questionIds).size !== questionIds.length || questionIds.some((id) => !current.has(id))) {
      return false;
    }
    await em.query(
      `UPDATE diagnostic_question q SET position = o.ord::int - 1 FROM unnest($1::int[]) WITH ORDINALITY AS o(id, ord) WHERE q.id = o.id`,
      [questionIds],
    );
    return true;
  }
}
