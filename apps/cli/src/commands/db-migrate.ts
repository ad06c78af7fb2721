import { loadConfig } from '@outils/server-config';
import { Command } from '../command';
import { withDataSource } from '../database';

/** Any fixed number: serialises migrations when several containers start together. */
const MIGRATION_LOCK_KEY = 7_101_955;

export const dbMigrate: Command = {
  name: 'db:migrate',
  summary: 'Applique les migrations TypeORM en attente (DATABASE_URL).',
  async run() {
    const config = loadConfig();
    await withDataSource(config, async (dataSource) => {
      const lock = dataSource.createQueryRunner();
      await lock.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const applied = await dataSource.runMigrations({ transaction: 'each' });
        if (applied.length === 0) console.log('Migrations : le schéma est à jour.');
        for (const migration of applied) console.log(`Migration appliquée : ${migration.name}`);
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await lock.release();
      }
    });
  },
};
