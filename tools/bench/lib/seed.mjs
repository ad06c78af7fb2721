// @ts-check
// Bulk seeding in SQL (generate_series): a catalogue of realistic French tools, their images,
// and download logs with tool.download_count kept consistent. Only for scratch databases.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const CATEGORIES = [
  'Gestion et finances', 'Vente et prospection', 'Communication et réseaux sociaux', 'Site web et e-commerce',
  'Organisation et productivité', 'Ressources humaines', 'Juridique et RGPD', 'Relation client',
];
export const TYPES = ['Diagnostic', 'Checklist', 'Modèle', 'Kit', 'Guide pratique', 'Calculateur'];

const NOUNS = [
  'Diagnostic', 'Checklist', 'Modèle', 'Kit', 'Guide', 'Tableau de bord', 'Calculateur', 'Fiche pratique',
  'Plan d’action', 'Grille d’évaluation', 'Matrice', 'Feuille de route',
];
const TOPICS = [
  'de facturation', 'de trésorerie', 'de devis', 'de prospection commerciale', 'des réseaux sociaux', 'du site vitrine',
  'de la boutique en ligne', 'de référencement naturel', 'de conformité RGPD', 'de gestion des stocks', 'du planning d’équipe',
  'de recrutement', 'de fidélisation client', 'de la newsletter', 'des avis clients', 'de la signature électronique',
  'de la comptabilité', 'des notes de frais', 'de la cybersécurité', 'de la sauvegarde des données', 'du télétravail',
  'de l’inventaire', 'des relances impayés', 'du budget marketing', 'de la prise de rendez-vous en ligne',
];
const QUALIFIERS = ['pour TPE', 'pour artisans', 'pour commerçants', 'pour indépendants', 'pour PME', 'express', 'complet', 'en 30 minutes'];
const SENTENCES = [
  'Un outil simple pour digitaliser votre activité sans prestataire.',
  'Téléchargez le fichier, remplissez-le et obtenez un plan clair en quelques minutes.',
  'Pensé pour les dirigeants de petites entreprises qui manquent de temps.',
  'Il vous aide à suivre vos factures, vos devis et votre trésorerie au même endroit.',
  'Idéal pour préparer un rendez-vous avec votre expert-comptable ou votre banquier.',
  'Les questions guident pas à pas, sans jargon technique.',
  'Vous repérez rapidement les priorités et les actions à mener cette semaine.',
  'Compatible avec un tableur gratuit, sans logiciel à installer.',
  'Comprend des exemples concrets issus de commerces de proximité.',
  'Mesurez votre présence sur les réseaux sociaux et améliorez votre visibilité locale.',
  'Sécurisez vos données clients et respectez le RGPD sans stress.',
  'Automatisez les relances et gagnez plusieurs heures par mois.',
  'Un modèle prêt à l’emploi que vous pouvez personnaliser à vos couleurs.',
  'Fait pour les artisans, les commerçants et les professions libérales.',
  'Évaluez la maturité numérique de votre entreprise en vingt questions.',
  'Organisez votre prospection et suivez chaque opportunité jusqu’à la signature.',
];
const GOALS = [
  'Gagner du temps sur la gestion administrative.', 'Trouver de nouveaux clients en ligne.', 'Mieux piloter sa trésorerie.',
  'Améliorer la visibilité de son entreprise.', 'Se mettre en conformité avec le RGPD.', 'Fidéliser ses clients.',
  'Organiser le travail de son équipe.', 'Vendre en ligne sans se ruiner.',
];
const PEOPLE = ['Dirigeant', 'Dirigeant et comptable', 'Toute l’équipe', 'Responsable commercial', 'Assistant administratif', 'Gérant et associés'];

/** The one real file every tool points to, and one real image (a 1×1 PNG). */
export const FILE_KEY = 'bench/outil-bench.pdf';
export const IMAGE_KEY = 'bench/image-bench.png';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** @param {string} storageDir */
export function writeStorageFiles(storageDir) {
  for (const [key, body] of /** @type {Array<[string, Buffer]>} */ ([[FILE_KEY, PDF], [IMAGE_KEY, PNG]])) {
    const file = join(storageDir, key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  return { fileSize: PDF.length, imageSize: PNG.length };
}

/** @param {import('pg').ClientBase} client */
export async function seedTaxonomy(client) {
  await client.query(`INSERT INTO category (name, position) SELECT name, ord FROM unnest($1::text[]) WITH ORDINALITY AS x(name, ord)`, [CATEGORIES]);
  await client.query(`INSERT INTO tool_type (name, position) SELECT name, ord FROM unnest($1::text[]) WITH ORDINALITY AS x(name, ord)`, [TYPES]);
}

/**
 * Tools with ids `from`..`to` (newest first: created_at goes back 5 minutes per id, so 100 000
 * tools span about a year), with 0 to 2 images each. Categories, types and difficulties are
 * spread with different strides so that every combination occurs.
 * @param {import('pg').ClientBase} client @param {number} from @param {number} to @param {number} fileSize @param {number} imageSize
 */
export async function seedTools(client, from, to, fileSize, imageSize) {
  await client.query(
    `WITH w AS (SELECT $3::text[] AS nouns, $4::text[] AS topics, $5::text[] AS quals, $6::text[] AS sentences,
                       $7::text[] AS goals, $8::text[] AS people,
                       (SELECT array_agg(id ORDER BY id) FROM category) AS cats,
                       (SELECT array_agg(id ORDER BY id) FROM tool_type) AS types)
     INSERT INTO tool (id, slug, name, description, goal, people, duration, type_id, category_id, difficulty,
                       file_key, file_name, file_mime, file_size, is_featured, download_count, created_at, updated_at)
     SELECT i,
            'outil-' || i,
            left(w.nouns[1 + i % cardinality(w.nouns)] || ' ' || w.topics[1 + (i / 7) % cardinality(w.topics)] || ' '
                 || w.quals[1 + (i / 3) % cardinality(w.quals)] || ' n° ' || i, 160),
            w.sentences[1 + i % cardinality(w.sentences)] || ' ' || w.sentences[1 + (i * 7 + 3) % cardinality(w.sentences)] || ' '
              || w.sentences[1 + (i * 13 + 5) % cardinality(w.sentences)] || ' Thème : ' || w.topics[1 + (i / 7) % cardinality(w.topics)] || '.',
            w.goals[1 + (i / 5) % cardinality(w.goals)],
            w.people[1 + (i / 2) % cardinality(w.people)],
            CASE WHEN i % 10 = 0 THEN NULL ELSE (1 + i % 8) * 0.5 END,
            w.types[1 + (i / 11) % cardinality(w.types)],
            w.cats[1 + i % cardinality(w.cats)],
            (ARRAY['Simple', 'Simple', 'Moyen', 'Moyen', 'Complexe', NULL])[1 + (i / 13) % 6],
            $9, 'outil.pdf', 'application/pdf', $10, i % 5000 = 1, 0,
            now() - i * interval '5 minutes', now() - i * interval '5 minutes'
       FROM w, generate_series($1::int, $2::int) AS i`,
    [from, to, NOUNS, TOPICS, QUALIFIERS, SENTENCES, GOALS, PEOPLE, FILE_KEY, fileSize],
  );
  await client.query(`SELECT setval(pg_get_serial_sequence('tool', 'id'), (SELECT max(id) FROM tool))`);
  // Two images on a third of the tools, one on another third.
  await client.query(
    `INSERT INTO tool_image (tool_id, storage_key, mime, size, position)
     SELECT i, $3, 'image/png', $4, p
       FROM generate_series($1::int, $2::int) AS i, generate_series(0, 1) AS p
      WHERE (i % 3 = 0) OR (i % 3 = 1 AND p = 0)`,
    [from, to, IMAGE_KEY, imageSize],
  );
}

/**
 * `count` download logs over the last 13 months, skewed towards a few popular tools (cubic
 * distribution), then download_count recomputed from them in one pass.
 * @param {import('pg').ClientBase} client @param {number} count @param {number} toolCount
 */
export async function seedDownloadLogs(client, count, toolCount) {
  // Bulk-load speed-ups, for a scratch database only: the secondary indexes are dropped and
  // rebuilt afterwards from their own definitions, and the foreign-key triggers are skipped
  // (every tool_id is valid by construction).
  const { rows: indexes } = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'download_log' AND indexname <> 'download_log_pkey'`,
  );
  for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
  await client.query(`SET session_replication_role = replica`);
  const batch = 500_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await client.query(
      `INSERT INTO download_log (tool_id, user_id, email, created_at)
       SELECT 1 + floor(power(random(), 3) * $2)::int, NULL, NULL, now() - random() * interval '395 days'
         FROM generate_series(1, $1::int)`,
      [n, toolCount],
    );
  }
  await client.query(`SET session_replication_role = DEFAULT`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query(
    `UPDATE tool t SET download_count = c.n
       FROM (SELECT tool_id, count(*)::int AS n FROM download_log GROUP BY tool_id) c
      WHERE c.tool_id = t.id AND t.download_count <> c.n`,
  );
}

/** Checks download_count = count(download_log) for every tool; returns the mismatches. @param {import('pg').ClientBase} client @returns {Promise<number>} */
export async function downloadCountMismatches(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM tool t
       LEFT JOIN (SELECT tool_id, count(*)::int AS n FROM download_log GROUP BY tool_id) c ON c.tool_id = t.id
      WHERE t.download_count <> coalesce(c.n, 0)`,
  );
  return rows[0].n;
}
