import { loadConfig } from '@outils/server-config';
import { OutboxMessageEntity } from '@outils/server-db';
import { OutboxRepository } from '@outils/server-jobs';
import { CliError, Command } from '../command';
import { withDataSource } from '../database';

/**
 * Makes a stuck outbox row pending again: the worker's relay hands it to the queue within a
 * second. A row already sent is refused, so that nobody gets the same mail twice.
 */
export const outboxResend: Command = {
  name: 'outbox:resend',
  summary: 'Remet en file un message de l’outbox bloqué (non envoyé), par son numéro.',
  usage: '<id>',
  requiredPositionals: 1,
  async run({ positionals }) {
    const id = positionals[0];
    if (!/^\d{1,18}$/.test(id)) throw new CliError(`Numéro de message invalide : « ${id} ».`, 2);
    await withDataSource(loadConfig(), async (dataSource) => {
      const row = await dataSource.getRepository(OutboxMessageEntity).findOneBy({ id });
      if (!row) throw new CliError(`Aucun message n° ${id} dans l’outbox.`, 3);
      if (row.sentAt) throw new CliError(`Le message n° ${id} (${row.jobName}) a déjà été envoyé le ${row.sentAt.toISOString()} : rien à renvoyer.`, 3);
      await new OutboxRepository(dataSource).requeue(id);
      console.log(`Message n° ${id} (${row.jobName}) remis en file : le worker l’enverra dans quelques secondes.`);
    });
  },
};
