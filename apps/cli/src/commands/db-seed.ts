import { loadConfig } from '@outils/server-config';
import { seedIfEmpty } from '@outils/server-db/seed';
import { CliError, Command } from '../command';
import { withDataSource } from '../database';

export const dbSeed: Command = {
  name: 'db:seed',
  summary: 'Remplit une base vide avec les données de démonstration (compte admin, catalogue).',
  usage: '[--force]',
  options: { force: { type: 'boolean' } },
  async run({ values }) {
    const config = loadConfig();
    if (config.env === 'production' && !values.force) {
      throw new CliError('NODE_ENV=production : les données de démonstration ne sont pas chargées. Ajoutez --force pour les charger quand même.');
    }
    await withDataSource(config, async (dataSource) => {
      if (await dataSource.showMigrations()) {
        throw new CliError('Des migrations sont en attente : lancez d\'abord « npm run cli -- db:migrate ».');
      }
      const report = await seedIfEmpty(dataSource, config);
      if (!report.seeded) {
        console.log('Données de démonstration : la base contient déjà des outils, rien à faire.');
        for (const line of report.lines) console.log(`  ${line}`);
        return;
      }
      console.log('Données de démonstration chargées.');
      for (const line of report.lines) console.log(`  ${line}`);
    });
  },
};
