import argon2 from 'argon2';
import { PASSWORD_PATTERN } from '@outils/contracts';
import { loadConfig } from '@outils/server-config';
import { AuthSessionEntity, UserEntity } from '@outils/server-db';
import { CliError, Command } from '../command';
import { withDataSource } from '../database';
import { createPrompter, Prompter } from '../prompt';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TRIES = 3;
const PASSWORD_REFUSED = 'Mot de passe refusé : 8 à 32 caractères avec au moins 1 chiffre, 1 minuscule, 1 majuscule et 1 caractère spécial.';

export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new CliError(`Adresse e-mail invalide : « ${raw} ».`, 2);
  return email;
}

/** Asks the password twice without echo until it follows the rule and both entries match. */
export async function askNewPassword(prompter: Prompter): Promise<string> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const password = await prompter.askHidden('Mot de passe');
    const confirmation = await prompter.askHidden('Confirmez le mot de passe');
    let problem: string | undefined;
    if (!PASSWORD_PATTERN.test(password)) problem = PASSWORD_REFUSED;
    else if (password !== confirmation) problem = 'Les deux mots de passe ne sont pas identiques.';
    if (!problem) return password;
    if (!prompter.interactive || attempt === MAX_TRIES) throw new CliError(problem);
    console.error(`${problem} Recommencez.`);
  }
  throw new CliError('Mot de passe non défini.');
}

export const adminCreate: Command = {
  name: 'admin:create',
  summary: 'Crée un administrateur activé (mot de passe demandé deux fois), ou promeut un compte activé existant.',
  usage: '<email> [--first-name=<prénom>] [--last-name=<nom>] [--reset-password]',
  requiredPositionals: 1,
  options: {
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'reset-password': { type: 'boolean' },
  },
  async run({ positionals, values }) {
    const email = normaliseEmail(positionals[0]);
    const config = loadConfig();
    const prompter = createPrompter();
    try {
      await withDataSource(config, async (dataSource) => {
        const users = dataSource.getRepository(UserEntity);
        const existing = await users.findOne({ where: { email } });
        const now = new Date();

        if (existing) {
          // Someone may have signed up with this address before the operator: an account never
          // activated proved nothing (docs/product/rules.md#R184), so it is neither promoted nor activated with the password
          // its creator chose. Only --reset-password (a password typed here) takes it over.
          if (!existing.activatedAt && !values['reset-password']) {
            throw new CliError(
              `${email} a un compte jamais activé : il n’est pas promu. Relancez avec --reset-password pour lui donner ` +
                'un nouveau mot de passe (ses sessions sont fermées), ou attendez sa suppression (48 h après l’inscription).',
              4,
            );
          }
          const changes: Partial<UserEntity> = { isAdmin: true };
          if (values['reset-password']) {
            console.log(`Nouveau mot de passe pour ${email}.`);
            changes.passwordHash = await argon2.hash(await askNewPassword(prompter), { type: argon2.argon2id });
            // The operator typed the password: the account is theirs now, and active.
            changes.activatedAt = existing.activatedAt ?? now;
          }
          await dataSource.transaction(async (em) => {
            await em.update(UserEntity, { id: existing.id }, changes);
            // A password change revokes every session of the user (docs/product/rules.md#R47).
            if (changes.passwordHash) await em.delete(AuthSessionEntity, { userId: existing.id });
          });
          const detail = values['reset-password'] ? 'mot de passe changé, sessions fermées' : 'mot de passe inchangé';
          console.log(existing.isAdmin
            ? `${email} était déjà administrateur${values['reset-password'] ? ` ; ${detail}` : ''}.`
            : `${email} existait déjà : il est maintenant administrateur (${detail}).`);
          return;
        }

        console.log(`Création de l'administrateur ${email}.`);
        const password = await askNewPassword(prompter);
        const firstName = (values['first-name'] as string | undefined) ?? (await prompter.ask('Prénom', 'Admin'));
        const lastName = (values['last-name'] as string | undefined) ?? (await prompter.ask('Nom', 'Outils'));
        if (!firstName || !lastName || firstName.length > 100 || lastName.length > 100) {
          throw new CliError('Prénom et nom : 1 à 100 caractères.', 2);
        }
        await users.insert({
          email,
          firstName,
          lastName,
          passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
          isAdmin: true,
          newsletter: false,
          activatedAt: now,
          termsAcceptedAt: now,
        });
        console.log(`Administrateur créé : ${email} (${firstName} ${lastName}), compte activé.`);
      });
    } finally {
      prompter.close();
    }
  },
};
