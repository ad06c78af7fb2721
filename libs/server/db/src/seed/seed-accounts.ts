import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@outils/server-config';
import { ActivityAreaEntity } from '../entities/activity-area.entity';
import { UserEntity } from '../entities/user.entity';

/** The 8 activity areas of docs/product/rules.md#R171, in the order the forms list them. */
export const DEMO_ACTIVITY_AREAS = [
  'Commerce de détail',
  'Artisanat et BTP',
  'Hôtellerie-restauration',
  'Services aux entreprises',
  'Santé et bien-être',
  'Associations',
  'Professions libérales',
  'Industrie',
] as const;

/**
 * Activity areas and the demo admin (accounts capability). Idempotent: what exists is kept as
 * it is (a second run neither duplicates nor resets a password the admin has changed).
 * Returns lines for the start banner.
 */
export async function seedAccounts(dataSource: DataSource, config: Readonly<AppConfig>): Promise<string[]> {
  const lines: string[] = [];

  const inserted = await dataSource
    .createQueryBuilder()
    .insert()
    .into(ActivityAreaEntity)
    .values(DEMO_ACTIVITY_AREAS.map((name, index) => ({ name, position: index + 1 })))
    .orIgnore()
    .execute();
  const added = inserted.raw?.length ?? 0;
  lines.push(`Secteurs d'activité : ${DEMO_ACTIVITY_AREAS.length} (${added} ajouté${added > 1 ? 's' : ''})`);

  const { email, password } = config.admin;
  if (!email || !password) {
    // docs/product/rules.md#R169: no default admin in production; the CLI creates it.
    lines.push("Admin de démonstration : aucun (ADMIN_EMAIL / ADMIN_PASSWORD non définis)");
    return lines;
  }
  const address = email.trim().toLowerCase();
  const users = dataSource.getRepository(UserEntity);
  if (await users.existsBy({ email: address })) {
    lines.push(`Admin de démonstration : ${address} (compte existant, mot de passe inchangé)`);
    return lines;
  }
  const now = new Date();
  await users
    .createQueryBuilder()
    .insert()
    .values({
      email: address,
      firstName: 'Admin',
      lastName: 'Outils',
      job: 'Administrateur du catalogue',
      newsletter: false,
      isAdmin: true,
      // Same argon2id settings as the API's PasswordHasher; verification reads them from the hash.
      passwordHash: await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
      activatedAt: now,
      termsAcceptedAt: now,
    })
    .orIgnore()
    .execute();
  lines.push(`Admin de démonstration : ${address} / ${password}`);
  return lines;
}
