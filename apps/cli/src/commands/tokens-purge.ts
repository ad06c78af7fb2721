import { loadConfig } from '@outils/server-config';
import { Command } from '../command';
import { withDataSource } from '../database';

/** Deletes expired sessions and used or expired one-time links (the worker also does it daily). */
export const tokensPurge: Command = {
  name: 'tokens:purge',
  summary: 'Supprime les sessions expirées et les liens d’activation ou de ré-initialisation usés ou expirés.',
  async run() {
    await withDataSource(loadConfig(), async (dataSource) => {
      const [, sessions] = await dataSource.query(`DELETE FROM auth_session WHERE expires_at < now()`);
      const [, links] = await dataSource.query(`DELETE FROM one_time_token WHERE expires_at < now() OR used_at IS NOT NULL`);
      console.log(`${sessions} session(s) expirée(s) et ${links} lien(s) usé(s) ou expiré(s) supprimés.`);
    });
  },
};
