import type request from 'supertest';
import type { DataSource } from 'typeorm';

/** Binary body as a Buffer (supertest only buffers text types by default): `.buffer(true).parse(binary)`. */
export const binary = (res: request.Response, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** A tool's download counter and its counted download_log rows (docs/product/rules.md#R670), read back from PostgreSQL. */
export async function downloadCounts(dataSource: DataSource, toolId: number): Promise<{ count: number; logs: number }> {
  const [row] = await dataSource.query(
    `SELECT t.download_count AS count, (SELECT count(*)::int FROM download_log l WHERE l.tool_id = t.id AND l.counted) AS logs FROM tool t WHERE t.id = $1`,
    [toolId],
  );
  return { count: row.count as number, logs: row.logs as number };
}

/** The path and query of an absolute link the API gave (signed download, ZIP), for supertest. */
export const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};
