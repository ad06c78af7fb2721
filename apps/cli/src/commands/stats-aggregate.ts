import { loadConfig } from '@outils/server-config';
import { addDays, DailyStatsRepository } from '@outils/server-db';
import { CliError, Command } from '../command';
import { withDataSource } from '../database';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Rebuilds the statistics' daily figures of a range of Europe/Paris days from the raw rows
 * (docs/product/rules.md#R676): after a restore or an import of old logs. The worker keeps the
 * last days by itself. Month by month, one transaction each.
 */
/** Days rebuilt per transaction. */
const CHUNK_DAYS = 31;

export const statsAggregate: Command = {
  name: 'stats:aggregate',
  summary: 'Recalcule les chiffres quotidiens des statistiques d’une période (jours de Paris).',
  usage: '<du AAAA-MM-JJ> <au AAAA-MM-JJ>',
  requiredPositionals: 2,
  async run({ positionals: [from, to] }) {
    if (!ISO_DAY.test(from) || !ISO_DAY.test(to) || from > to) throw new CliError('Donnez deux dates AAAA-MM-JJ, la première avant la seconde.');
    await withDataSource(loadConfig(), async (dataSource) => {
      // Month by month, one transaction each: every statement stays short on a large log.
      const daily = new DailyStatsRepository(dataSource);
      const report = { days: 0, toolDays: 0 };
      for (let start = from; start <= to; start = addDays(start, CHUNK_DAYS)) {
        const end = addDays(start, CHUNK_DAYS - 1) < to ? addDays(start, CHUNK_DAYS - 1) : to;
        const chunk = await daily.aggregate(start, end);
        report.days += chunk.days;
        report.toolDays += chunk.toolDays;
      }
      console.log(`${report.toolDays} ligne(s) outil × jour et ${report.days} jour(s) d’inscriptions recalculés du ${from} au ${to}.`);
    });
  },
};
