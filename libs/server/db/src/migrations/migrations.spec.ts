import { Client } from 'pg';
import { createDataSource } from '../data-source';
import { createTestDatabase, TestDatabase } from '../testing/test-database';

describe('migrations on a real PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => { db = await createTestDatabase('migrations'); }, 60_000);
  afterAll(async () => { await db?.drop(); });

  it('creates every table and folds accents in the French search', async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
      expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining([
        'activity_area', 'app_user', 'auth_session', 'category', 'download_log', 'favorite', 'newsletter_subscriber',
        'one_time_token', 'outbox_message', 'tool', 'tool_folder', 'tool_folder_item', 'tool_image', 'tool_slug_history', 'tool_type',
      ]));
      const match = await client.query(
        `SELECT to_tsvector('public.french_unaccent', 'Diagnostic de sécurité informatique') @@ websearch_to_tsquery('public.french_unaccent', 'securite') AS ok`,
      );
      expect(match.rows[0].ok).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('leaves nothing for TypeORM to change: the entities describe the migrated schema', async () => {
    const dataSource = createDataSource(db.url, 1);
    await dataSource.initialize();
    try {
      // What `synchronize` would run on the migrated database; every query listed is a drift
      // between an entity and the migrations (fix the entity, or add a migration).
      const pending = (await dataSource.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);
      expect(pending).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
