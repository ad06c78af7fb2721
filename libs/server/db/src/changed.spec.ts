import type { DataSource, EntityManager } from 'typeorm';
import { changedCount, changedRows } from './changed';
import { createDataSource } from './data-source';
import { adminDatabaseUrl } from './testing/test-database';

/** On a real PostgreSQL, through TypeORM as the apps use it (a scratch table, rolled back). */
describe('changedRows / changedCount', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = createDataSource(adminDatabaseUrl(), 1);
    await dataSource.initialize();
  });
  afterAll(async () => { await dataSource?.destroy(); });

  async function scratch(work: (em: EntityManager) => Promise<void>): Promise<void> {
    await dataSource.transaction(async (em) => {
      await em.query(`CREATE TEMP TABLE scratch (id int PRIMARY KEY, n int NOT NULL) ON COMMIT DROP`);
      await em.query(`INSERT INTO scratch (id, n) VALUES (1, 0), (2, 0), (3, 5)`);
      await work(em);
      throw new Error('rollback');
    }).catch((e: Error) => { if (e.message !== 'rollback') throw e; });
  }

  it('shows why: TypeORM answers an UPDATE as [rows, count], so its length is 2 even when nothing changed', async () => {
    await scratch(async (em) => {
      const raw = await em.query(`UPDATE scratch SET n = 1 WHERE id = 99 RETURNING id`);
      expect(raw).toEqual([[], 0]);
      expect(raw).toHaveLength(2);
    });
  });

  it('reads the RETURNING rows of an UPDATE and a DELETE, empty when nothing matched', async () => {
    await scratch(async (em) => {
      expect(await changedRows<{ id: number }>(em, `UPDATE scratch SET n = n + 1 WHERE n = 0 RETURNING id`)).toEqual([{ id: 1 }, { id: 2 }]);
      expect(await changedRows(em, `UPDATE scratch SET n = 9 WHERE id = $1 RETURNING id`, [99])).toEqual([]);
      expect(await changedRows(em, `DELETE FROM scratch WHERE id = $1 RETURNING n`, [3])).toEqual([{ n: 5 }]);
      expect(await changedRows(em, `DELETE FROM scratch WHERE id = $1 RETURNING n`, [3])).toEqual([]);
    });
  });

  it('counts the rows an UPDATE or DELETE changed, with or without RETURNING, on a DataSource too', async () => {
    await scratch(async (em) => {
      expect(await changedCount(em, `UPDATE scratch SET n = 7 WHERE n = 0`)).toBe(2);
      expect(await changedCount(em, `UPDATE scratch SET n = 7 WHERE id = 99 RETURNING id`)).toBe(0);
      expect(await changedCount(em, `DELETE FROM scratch WHERE n = 7`)).toBe(2);
    });
    expect(await changedCount(dataSource, `UPDATE pg_catalog.pg_class SET relname = relname WHERE false`)).toBe(0);
  });

  it('refuses a query whose answer is rows alone (INSERT, SELECT, WITH … SELECT) instead of misreading it', async () => {
    await scratch(async (em) => {
      await expect(changedCount(em, `SELECT 1 AS a`)).rejects.toThrow(/not an UPDATE or DELETE/);
      await expect(changedRows(em, `WITH c AS (UPDATE scratch SET n = 1 RETURNING id) SELECT id FROM c`)).rejects.toThrow(/not an UPDATE or DELETE/);
    });
  });
});
