import { HttpStatus, Injectable } from '@nestjs/common';
import {
  AdminDiagnosticQuestionInput, AdminDiagnosticQuestionnaire, AdminDiagnosticQuestionnaireResponse, DiagnosticAdminMessages as M,
} from '@outils/contracts';
import { BadRequestError, MessageError, NotFoundError } from '../../common/errors/domain-error';
import { parseId } from '../../common/validation/patterns';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import type { Transaction } from '@outils/server-db';
import { DiagnosticAdminRepository } from './diagnostic-admin.repository';

class ConflictError extends MessageError {
  constructor(message: string) {
    super(HttpStatus.CONFLICT, message);
  }
}

/**
 * Editing the questionnaire (docs/product/rules.md#R571–R574): each change is checked whole, then
 * written in one transaction; a refused change leaves everything as it was. Answers chosen by saved
 * results are never deleted, so every saved result can still be opened.
 */
@Injectable()
export class DiagnosticAdminService {
  constructor(private readonly repository: DiagnosticAdminRepository, private readonly transactions: TransactionRunner) {}

  async questionnaire(): Promise<AdminDiagnosticQuestionnaire> {
    const rows = await this.repository.questionnaire();
    const saved = new Map(rows.savedCounts.map((r) => [Number(r.answer_id), r.n]));
    return {
      axes: rows.axes.map((a) => ({ id: a.id, key: a.key, name: a.name, description: a.description })),
      questions: rows.questions.map((q) => ({
        id: q.id, axisId: q.axis_id, text: q.text, help: q.help, multiple: q.multiple,
        answers: rows.answers.filter((a) => a.question_id === q.id).map((a) => ({
          id: a.id, text: a.text, points: a.points,
          toolIds: rows.answerTools.filter((t) => t.answer_id === a.id).map((t) => t.tool_id),
          savedResults: saved.get(a.id) ?? 0,
        })),
      })),
      tools: rows.tools,
    };
  }

  async create(input: AdminDiagnosticQuestionInput): Promise<AdminDiagnosticQuestionnaireResponse> {
    if (input.answers.some((a) => a.id !== undefined)) throw new BadRequestError(M.unknownAnswer);
    await this.transactions.run(async (tx) => {
      await this.repository.lock(tx);
      await this.checkReferences(tx, input);
      const id = await this.repository.insertQuestion(tx, fields(input));
      await this.repository.writeAnswers(tx, id, input.answers.map((a) => ({ ...a, toolIds: unique(a.toolIds) })));
    });
    return { questionnaire: await this.questionnaire(), message: M.created };
  }

  async update(rawId: string, input: AdminDiagnosticQuestionInput): Promise<AdminDiagnosticQuestionnaireResponse> {
    const id = questionId(rawId);
    await this.transactions.run(async (tx) => {
      await this.repository.lock(tx);
      const current = await this.repository.question(tx, id);
      if (!current) throw new NotFoundError(M.questionNotFound);
      const currentIds = new Set(current.answers.map((a) => a.id));
      const keptIds = input.answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
      if (keptIds.some((a) => !currentIds.has(a)) || new Set(keptIds).size !== keptIds.length) throw new BadRequestError(M.unknownAnswer);
      await this.checkReferences(tx, input);
      const removed = current.answers.filter((a) => !keptIds.includes(a.id));
      const used = new Set(await this.repository.answersInSavedResults(tx, removed.map((a) => a.id)));
      const blocked = removed.find((a) => used.has(a.id));
      if (blocked) throw new ConflictError(M.answerInSavedResults(blocked.text));
      if (current.question.multiple && !input.multiple && (await this.repository.savedResultWithSeveral(tx, keptIds))) {
        throw new ConflictError(M.stayMultiple);
      }
      await this.repository.updateQuestion(tx, id, fields(input));
      await this.repository.deleteAnswers(tx, removed.map((a) => a.id));
      await this.repository.writeAnswers(tx, id, input.answers.map((a) => ({ ...a, toolIds: unique(a.toolIds) })));
    });
    return { questionnaire: await this.questionnaire(), message: M.updated };
  }

  async delete(rawId: string): Promise<AdminDiagnosticQuestionnaireResponse> {
    const id = questionId(rawId);
    await this.transactions.run(async (tx) => {
      await this.repository.lock(tx);
      const current = await this.repository.question(tx, id);
      if (!current) throw new NotFoundError(M.questionNotFound);
      if ((await this.repository.answersInSavedResults(tx, current.answers.map((a) => a.id))).length > 0) throw new ConflictError(M.questionInSavedResults);
      await this.repository.deleteQuestion(tx, id);
    });
    return { questionnaire: await this.questionnaire(), message: M.deleted };
  }

  async reorder(questionIds: number[]): Promise<AdminDiagnosticQuestionnaireResponse> {
    const done = await this.transactions.run(async (tx) => {
      await this.repository.lock(tx);
      return this.repository.reorder(tx, questionIds);
    });
    if (!done) throw new BadRequestError(M.invalidOrder);
    return { questionnaire: await this.questionnaire(), message: M.reordered };
  }

  private async checkReferences(tx: Transaction, input: AdminDiagnosticQuestionInput): Promise<void> {
    if (!(await this.repository.axisExists(tx, input.axisId))) throw new BadRequestError(M.unknownAxis);
    if ((await this.repository.missingTools(tx, unique(input.answers.flatMap((a) => a.toolIds)))).length > 0) throw new BadRequestError(M.unknownTool);
  }
}

const unique = (ids: number[]) => [...new Set(ids)];
const fields = (input: AdminDiagnosticQuestionInput) => ({ axisId: input.axisId, text: input.text, help: input.help ?? null, multiple: input.multiple });

function questionId(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new NotFoundError(M.questionNotFound);
  return id;
}
