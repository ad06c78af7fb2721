import { loadConfig } from '@outils/server-config';
import { AuthSessionEntity, UserEntity } from '@outils/server-db';
import { CliError, Command } from '../command';
import { withDataSource } from '../database';
import { normaliseEmail } from './admin-create';

/** Sets or clears the admin flag of an existing account. */
async function setAdmin(rawEmail: string, isAdmin: boolean): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await withDataSource(loadConfig(), async (dataSource) => {
    const user = await dataSource.getRepository(UserEntity).findOne({ where: { email } });
    if (!user) throw new CliError(`Aucun compte pour ${email}.`, 3);
    // An account never activated may have been opened by anyone with this address: no rights for it.
    if (isAdmin && !user.activatedAt) {
      throw new CliError(`${email} n’a jamais activé son compte : il ne peut pas devenir administrateur.`, 4);
    }
    if (user.isAdmin === isAdmin) {
      console.log(`${email} ${isAdmin ? 'est déjà' : 'n’est pas'} administrateur : rien à changer.`);
      return;
    }
    await dataSource.transaction(async (em) => {
      await em.update(UserEntity, { id: user.id }, { isAdmin });
      // A demoted admin may hold a queue-dashboard cookie tied to a session: end them all.
      if (!isAdmin) await em.delete(AuthSessionEntity, { userId: user.id });
    });
    console.log(isAdmin ? `${email} est maintenant administrateur.` : `${email} n’est plus administrateur (ses sessions sont fermées).`);
  });
}

export const userPromote: Command = {
  name: 'user:promote',
  summary: 'Donne le rôle d’administrateur à un compte existant et activé.',
  usage: '<email>',
  requiredPositionals: 1,
  run: ({ positionals }) => setAdmin(positionals[0], true),
};

export const userDemote: Command = {
  name: 'user:demote',
  summary: 'Retire le rôle d’administrateur à un compte (et ferme ses sessions).',
  usage: '<email>',
  requiredPositionals: 1,
  run: ({ positionals }) => setAdmin(positionals[0], false),
};
