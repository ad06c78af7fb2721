import request from 'supertest';
import type { Tool } from '@outils/contracts';
import type { ApiAndWorker } from './api-and-worker';
// Test-only cross-app imports: the real API next to the real worker.
import { createTestUser, TestUser } from '../../../api/test/factories/user.factory';
import { createCategory, createToolType, NamedRow } from '../../../api/test/factories/tool.factory';
import { adminToolUpload } from '../../../api/test/support/admin-tool-upload';

/** A stored accessibility check as the worker writes it (docs/product/rules.md#R934). */
export interface CheckRow {
  file_key: string;
  format: string | null;
  outcome: string;
  failed_count: number;
  criteria: Array<{ id: string; status: string; where: string[]; fix: string | null; reference: string }>;
}

/**
 * The suites that upload tool files through the real API for the worker to check: an admin, a
 * topic and a type of their own (named apart, the run's database being shared), the tool form
 * (`create`, `form`), the tool read by the admin or a visitor, and the stored check of a tool's
 * current file. Call it in the `describe`, after `useApiAndWorker`: its `beforeAll` needs the stack started.
 */
export function useToolFilesUpload(stack: ApiAndWorker) {
  let admin: TestUser;
  let category: NamedRow;
  let type: NamedRow;

  beforeAll(async () => {
    admin = await createTestUser(stack.api.dataSource, { isAdmin: true });
    category = await createCategory(stack.api.dataSource, `Gestion ${Date.now().toString(36)}`);
    type = await createToolType(stack.api.dataSource, `Modèle ${Date.now().toString(36)}`);
  });

  const { form, create } = adminToolUpload(() => stack.api.http, () => ({ admin, typeId: type.id, categoryId: category.id }));
  /** The sheet's tool, as a visitor reads it, or as the admin does (with `file`). */
  const sheet = async (id: number, asAdmin = false): Promise<Tool> => {
    const req = request(stack.api.http).get(`/tools/${id}`);
    return (await (asAdmin ? req.set({ userEmail: admin.email, userToken: admin.token }) : req).expect(200)).body.tool;
  };
  /** The stored check of the tool's current file, if any. */
  const checkOf = async (toolId: number): Promise<CheckRow | undefined> =>
    (await stack.dataSource.query(
      `SELECT a.file_key, a.format, a.outcome, a.failed_count, a.criteria FROM tool_file_accessibility a JOIN tool t ON t.id = a.tool_id AND t.file_key = a.file_key
        WHERE a.tool_id = $1`,
      [toolId],
    ))[0];
  return { form, create, sheet, checkOf };
}
