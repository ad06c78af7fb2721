import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedTool } from '@outils/server-db';
import type { UsefulnessComment, UsefulnessMine } from '@outils/contracts';

/** Who answers: a member (by id) or a guest's browser (by the hash of its key). */
export type Answerer = { userId: string } | { visitorHash: string };

export interface AnswerToStore {
  toolId: number;
  useful: boolean;
  /** Undefined: keep the comment the answer has. */
  comment: string | null | undefined;
  /** Null when it counts; else why not (docs/product/rules.md#R962). */
  excludedReason: UsefulnessComment['excludedReason'];
}

/** Answers to "Cet outil vous a-t-il aidé ?" (docs/product/rules.md#R960–R963). */
@Injectable()
export class UsefulnessRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether a member has a counted download of the tool. */
  async memberDownloaded(userId: string, toolId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM download_log WHERE user_id = $1 AND tool_id = $2 AND counted LIMIT 1`, [userId, toolId]);
    return rows.length > 0;
  }

  /** Whether a counted download of the tool came from the signed link with this id (hash of its signature). */
  async linkDownloaded(linkId: string, toolId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM download_log WHERE link_id = $1 AND tool_id = $2 AND counted LIMIT 1`, [linkId, toolId]);
    return rows.length > 0;
  }

  /**
   * Stores the one answer of this member or browser for the tool (docs/product/rules.md#R960): a
   * second answer replaces the first. An answer once counted stays counted when the same person
   * changes it without proving the download again (the proof is not asked twice), never for a robot.
   * Returns null when the tool is not public.
   */
  async save(who: Answerer, answer: AnswerToStore): Promise<UsefulnessMine | null> {
    const member = 'userId' in who;
    const conflict = member ? '(tool_id, user_id) WHERE user_id IS NOT NULL' : '(tool_id, visitor_key) WHERE visitor_key IS NOT NULL';
    const keep = answer.comment === undefined;
    const rows: Array<{ useful: boolean; comment: string | null }> = await this.dataSource.query(
      `WITH target AS (SELECT t.id FROM tool t WHERE t.id = $1 AND ${publishedTool('t')})
       INSERT INTO tool_usefulness AS u (tool_id, user_id, visitor_key, useful, comment, counted, excluded_reason)
       SELECT id, $2::uuid, $3, $4, $5, $6::text IS NULL, $6 FROM target
       ON CONFLICT ${conflict} DO UPDATE SET
         useful = EXCLUDED.useful,
         comment = CASE WHEN $7 THEN u.comment ELSE EXCLUDED.comment END,
         comment_hidden = CASE WHEN $7 OR u.comment IS NOT DISTINCT FROM EXCLUDED.comment THEN u.comment_hidden ELSE false END,
         counted = EXCLUDED.counted OR (u.counted AND EXCLUDED.excluded_reason = 'no-download'),
         excluded_reason = CASE WHEN EXCLUDED.counted OR (u.counted AND EXCLUDED.excluded_reason = 'no-download') THEN NULL ELSE EXCLUDED.excluded_reason END,
         updated_at = now()
       RETURNING useful, comment`,
      [answer.toolId, member ? who.userId : null, member ? null : who.visitorHash, answer.useful, answer.comment ?? null, answer.excludedReason, keep],
    );
    return rows[0] ?? null;
  }

  /** The tool's counted answers and, among them, 'Oui'. */
  async counts(toolId: number): Promise<{ answers: number; useful: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS answers, count(*) FILTER (WHERE useful)::int AS useful FROM tool_usefulness WHERE tool_id = $1 AND counted`,
      [toolId],
    );
    return row;
  }

  async memberAnswer(userId: string, toolId: number): Promise<UsefulnessMine | null> {
    const rows: UsefulnessMine[] = await this.dataSource.query(
      `SELECT useful, comment FROM tool_usefulness WHERE user_id = $1 AND tool_id = $2`, [userId, toolId]);
    return rows[0] ?? null;
  }

  async toolIsPublic(toolId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM tool t WHERE t.id = $1 AND ${publishedTool('t')}`, [toolId]);
    return rows.length > 0;
  }
}
