import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

/** The demo kits: public folders of the demo admin marked as kits (docs/product/rules.md#R540). */
export const DEMO_KITS = [
  {
    name: 'Démarrer sa transformation numérique',
    description: 'Les premiers outils pour faire le point, sécuriser ses données et s’organiser.',
    tools: [
      'Diagnostic de maturité numérique',
      'Checklist de sauvegarde des données',
      'Checklist de sécurité des mots de passe',
      'Checklist de choix d’un logiciel de gestion',
      'Infographie : le parcours d’un projet de digitalisation',
    ],
  },
] as const;

/**
 * Seeds the demo kits once, owned by the demo admin (nothing when there is no admin or a kit
 * already exists).
 */
export async function seedKits(dataSource: DataSource, adminEmail: string | undefined): Promise<string[]> {
  if (!adminEmail) return [];
  const [admin]: Array<{ id: string }> = await dataSource.query(`SELECT id FROM app_user WHERE email = $1 AND is_admin`, [adminEmail.trim().toLowerCase()]);
  if (!admin) return [];
  const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM tool_folder WHERE is_kit`);
  if (count > 0) return [];
  for (const kit of DEMO_KITS) {
    await dataSource.transaction(async (em) => {
      const [folder]: Array<{ id: string }> = await em.query(
        `INSERT INTO tool_folder (user_id, name, description, share_token, shared_at, is_kit) VALUES ($1, $2, $3, $4, now(), true) RETURNING id`,
        [admin.id, kit.name, kit.description, randomBytes(32).toString('base64url')],
      );
      await em.query(
        `INSERT INTO tool_folder_item (folder_id, tool_id, tool_name, position)
         SELECT $1, t.id, t.name, array_position($2::text[], t.name::text) - 1 FROM tool t WHERE t.name = ANY($2::text[])`,
        [folder.id, kit.tools],
      );
    });
  }
  return [`Kits : ${DEMO_KITS.length} kit(s) prêt(s) à l’emploi`];
}
