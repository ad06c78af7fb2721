/**
 * Reading what an `UPDATE` or `DELETE` changed. TypeORM's PostgreSQL driver answers a top-level
 * `UPDATE`/`DELETE` as `[rows, rowCount]` (`rows` being what `RETURNING` gave), while `INSERT`,
 * `SELECT` and a `WITH … SELECT` answer the rows alone. Reading the pair as rows (its length is
 * always 2) says "changed" when nothing was: every raw `UPDATE`/`DELETE` goes through these helpers.
 */

/** What can run raw SQL: a DataSource or an EntityManager (a transaction's). */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

function isChangeResult(result: unknown): result is [unknown[], number] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
}

function assertChange(sql: string, result: unknown): asserts result is [unknown[], number] {
  if (!isChangeResult(result)) {
    throw new Error(`changedRows/changedCount: not an UPDATE or DELETE answer (${sql.trim().slice(0, 40)}…)`);
  }
}

/** The rows `RETURNING` gave for an `UPDATE`/`DELETE` (empty when nothing matched). */
export async function changedRows<Row>(runner: SqlRunner, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  const result = await runner.query(sql, parameters);
  assertChange(sql, result);
  return result[0] as Row[];
}

/** How many rows an `UPDATE`/`DELETE` changed. */
export async function changedCount(runner: SqlRunner, sql: string, parameters: unknown[] = []): Promise<number> {
  const result = await runner.query(sql, parameters);
  assertChange(sql, result);
  return result[1];
}
