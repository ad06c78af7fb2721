import { DataSource } from 'typeorm';

/** An answer, its points (0 to 4) and the demo tools that answer the need it reveals. */
export interface DemoAnswer { text: string; points: number; tools?: string[] }
export interface DemoQuestion { text: string; help?: string; multiple?: boolean; answers: DemoAnswer[] }
export interface DemoAxis {
  key: string;
  name: string;
  description: string;
  priorityText: string;
  category: string;
  tools: string[];
  questions: DemoQuestion[];
}

const NONE = 'Aucun de ces outils';

/**
 * The demo questionnaire of the self-diagnostic (docs/product/rules.md#R550, #R559): five axes,
 * fifteen questions written for a business owner, each answer mapped to the demo tools.
 */
export const DEMO_DIAGNOSTIC: DemoAxis[] = [
  {
    key: 'outils',
    name: 'Outils et équipement',
    description: 'Vos ordinateurs, vos logiciels et vos abonnements.',
    priorityText: 'Faire le point sur vos outils : savoir ce que vous payez, garder vos postes à jour et choisir les logiciels qui vous font gagner du temps.',
    category: 'Stratégie numérique',
    tools: ['Diagnostic de maturité numérique', 'Tableau de suivi des abonnements logiciels', 'Checklist de choix d’un logiciel de gestion', 'Infographie : le parcours d’un projet de digitalisation'],
    questions: [
      {
        text: 'Vos ordinateurs et vos logiciels sont-ils à jour ?',
        answers: [
          { text: 'Oui, les mises à jour se font automatiquement', points: 4 },
          { text: 'En général, quand on y pense', points: 2, tools: ['Infographie : le parcours d’un projet de digitalisation'] },
          { text: 'Non, certains postes ont des années de retard', points: 0, tools: ['Checklist de choix d’un logiciel de gestion'] },
          { text: 'Je ne sais pas', points: 0, tools: ['Diagnostic de maturité numérique'] },
        ],
      },
      {
        text: 'Savez-vous quels logiciels et abonnements votre entreprise paie chaque mois ?',
        answers: [
          { text: 'Oui, nous en tenons la liste à jour', points: 4 },
          { text: 'À peu près', points: 2, tools: ['Tableau de suivi des abonnements logiciels'] },
          { text: 'Non', points: 0, tools: ['Tableau de suivi des abonnements logiciels'] },
        ],
      },
      {
        text: 'Quels outils en ligne utilisez-vous au quotidien ?',
        help: 'Plusieurs réponses possibles.',
        multiple: true,
        answers: [
          { text: 'Une messagerie à votre nom de domaine', points: 1 },
          { text: 'Un agenda partagé', points: 1 },
          { text: 'Un espace de stockage de fichiers en ligne', points: 1 },
          { text: 'Un logiciel de gestion (devis, stocks, caisse)', points: 1 },
          { text: NONE, points: 0, tools: ['Infographie : bien choisir son hébergement cloud', 'Checklist de choix d’un logiciel de gestion'] },
        ],
      },
    ],
  },
  {
    key: 'donnees',
    name: 'Données et sécurité',
    description: 'Vos sauvegardes, vos mots de passe et le RGPD.',
    priorityText: 'Protéger vos données : des sauvegardes automatiques, des mots de passe solides et le RGPD en règle, pour ne rien perdre et ne rien craindre.',
    category: 'Cybersécurité',
    tools: ['Checklist de sauvegarde des données', 'Checklist de sécurité des mots de passe', 'Diagnostic cybersécurité en 20 questions', 'Modèle de charte informatique'],
    questions: [
      {
        text: 'Vos données sont-elles sauvegardées ?',
        answers: [
          { text: 'Automatiquement, avec une copie hors de nos locaux', points: 4 },
          { text: 'Oui, mais à la main et de temps en temps', points: 2, tools: ['Checklist de sauvegarde des données'] },
          { text: 'Non, ou je ne sais pas', points: 0, tools: ['Checklist de sauvegarde des données'] },
        ],
      },
      {
        text: 'Comment sont gérés les mots de passe dans votre entreprise ?',
        answers: [
          { text: 'Avec un gestionnaire de mots de passe et la double authentification', points: 4 },
          { text: 'Des mots de passe différents, notés quelque part', points: 2, tools: ['Checklist de sécurité des mots de passe'] },
          { text: 'Souvent le même mot de passe pour plusieurs comptes', points: 0, tools: ['Checklist de sécurité des mots de passe', 'Infographie : les 10 réflexes contre le hameçonnage'] },
        ],
      },
      {
        text: 'Où en êtes-vous avec le RGPD ?',
        help: 'Le règlement européen sur la protection des données personnelles de vos clients et salariés.',
        answers: [
          { text: 'Nous tenons un registre et informons nos clients', points: 4 },
          { text: 'Nous avons commencé sans aller au bout', points: 2, tools: ['Checklist RGPD pour les petites entreprises'] },
          { text: 'Nous ne savons pas par où commencer', points: 0, tools: ['Checklist RGPD pour les petites entreprises'] },
        ],
      },
    ],
  },
  {
    key: 'clients',
    name: 'Présence en ligne et clients',
    description: 'Comment vos clients vous trouvent et comment vous les suivez.',
    priorityText: 'Être trouvé et garder le lien avec vos clients : une présence en ligne à jour et un suivi organisé de vos contacts.',
    category: 'Relation client et ventes',
    tools: ['Diagnostic de la présence en ligne', 'Diagnostic de la relation client', 'Checklist de lancement d’un site vitrine'],
    questions: [
      {
        text: 'Comment vos clients vous trouvent-ils en ligne ?',
        help: 'Plusieurs réponses possibles.',
        multiple: true,
        answers: [
          { text: 'Par notre site internet, tenu à jour', points: 2 },
          { text: 'Par notre fiche d’établissement sur les cartes et annuaires', points: 1 },
          { text: 'Par nos réseaux sociaux', points: 1 },
          { text: 'Nous ne sommes pas présents en ligne', points: 0, tools: ['Checklist de lancement d’un site vitrine', 'Diagnostic de la présence en ligne'] },
        ],
      },
      {
        text: 'Comment suivez-vous vos clients et vos prospects ?',
        answers: [
          { text: 'Dans un logiciel de relation client partagé', points: 4 },
          { text: 'Dans un tableur', points: 2, tools: ['Fichier type de gestion des contacts clients'] },
          { text: 'De mémoire ou sur papier', points: 0, tools: ['Fichier type de gestion des contacts clients', 'Diagnostic de la relation client'] },
        ],
      },
      {
        text: 'Publiez-vous régulièrement pour faire connaître votre activité ?',
        answers: [
          { text: 'Oui, selon un calendrier prévu à l’avance', points: 4 },
          { text: 'De temps en temps', points: 2, tools: ['Calendrier éditorial annuel'] },
          { text: 'Jamais', points: 0, tools: ['Kit de démarrage des réseaux sociaux', 'Plan de communication sur un an'] },
        ],
      },
    ],
  },
  {
    key: 'organisation',
    name: 'Organisation et travail collaboratif',
    description: 'Le partage des documents, le travail à distance et l’accueil des nouveaux.',
    priorityText: 'Mieux travailler ensemble : partager les documents au même endroit, organiser le travail à distance et accueillir les nouveaux venus.',
    category: 'Organisation et outils collaboratifs',
    tools: ['Kit de gestion de projet pour petites équipes', 'Kit télétravail : règles et outils', 'Diagnostic des processus administratifs'],
    questions: [
      {
        text: 'Comment partagez-vous les documents dans l’équipe ?',
        answers: [
          { text: 'Dans un espace en ligne partagé, avec des droits d’accès', points: 4 },
          { text: 'Par e-mail ou sur une clé USB', points: 1, tools: ['Kit de gestion de projet pour petites équipes'] },
          { text: 'Chacun garde ses fichiers sur son poste', points: 0, tools: ['Kit de gestion de projet pour petites équipes', 'Diagnostic des processus administratifs'] },
        ],
      },
      {
        text: 'Le travail à distance est-il possible quand il le faut ?',
        answers: [
          { text: 'Oui, avec des règles et des outils prévus', points: 4 },
          { text: 'Parfois, sans règles écrites', points: 2, tools: ['Kit télétravail : règles et outils'] },
          { text: 'Non', points: 0, tools: ['Kit télétravail : règles et outils'] },
        ],
      },
      {
        text: 'Un nouvel arrivant est-il formé aux outils de l’entreprise ?',
        answers: [
          { text: 'Oui, en suivant une procédure écrite', points: 4 },
          { text: 'Oui, à l’oral, au fil de l’eau', points: 2, tools: ['Modèle de procédure d’accueil d’un salarié'] },
          { text: 'Non, il apprend seul', points: 0, tools: ['Modèle de procédure d’accueil d’un salarié', 'Modèle de fiche de poste'] },
        ],
      },
    ],
  },
  {
    key: 'gestion',
    name: 'Gestion et finance',
    description: 'Vos devis et factures, votre trésorerie et vos indicateurs.',
    priorityText: 'Piloter vos finances : des devis et des factures sans ressaisie, une trésorerie prévue à l’avance et quelques indicateurs suivis chaque mois.',
    category: 'Gestion et finance',
    tools: ['Modèle de plan de trésorerie sur 12 mois', 'Liste des indicateurs de pilotage', 'Kit de passage à la facturation électronique'],
    questions: [
      {
        text: 'Comment produisez-vous vos devis et vos factures ?',
        answers: [
          { text: 'Avec un logiciel de facturation', points: 4 },
          { text: 'Avec un modèle de document', points: 2, tools: ['Kit de passage à la facturation électronique'] },
          { text: 'À la main, sans modèle', points: 0, tools: ['Modèle de devis professionnel', 'Kit de passage à la facturation électronique'] },
        ],
      },
      {
        text: 'Suivez-vous votre trésorerie ?',
        answers: [
          { text: 'Oui, avec un plan sur plusieurs mois', points: 4 },
          { text: 'Je regarde le solde de mon compte', points: 1, tools: ['Modèle de plan de trésorerie sur 12 mois'] },
          { text: 'Non', points: 0, tools: ['Modèle de plan de trésorerie sur 12 mois'] },
        ],
      },
      {
        text: 'Quels indicateurs suivez-vous chaque mois ?',
        help: 'Plusieurs réponses possibles.',
        multiple: true,
        answers: [
          { text: 'Le chiffre d’affaires', points: 1 },
          { text: 'La marge', points: 1 },
          { text: 'Les impayés', points: 1 },
          { text: 'Les nouveaux clients', points: 1 },
          { text: 'Aucun', points: 0, tools: ['Liste des indicateurs de pilotage', 'Tableau de bord commercial mensuel'] },
        ],
      },
    ],
  },
];

/** Every tool name the demo questionnaire refers to (checked against the demo catalogue). */
export function diagnosticToolNames(axes: DemoAxis[] = DEMO_DIAGNOSTIC): string[] {
  return [...new Set(axes.flatMap((a) => [...a.tools, ...a.questions.flatMap((q) => q.answers.flatMap((x) => x.tools ?? []))]))];
}

/**
 * Seeds the questionnaire once (nothing when an axis exists). Tools and categories are found by
 * name; a name missing from the catalogue is skipped, so the questionnaire never blocks a seed.
 */
export async function seedDiagnostic(dataSource: DataSource, axes: DemoAxis[] = DEMO_DIAGNOSTIC): Promise<string[]> {
  const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM diagnostic_axis`);
  if (count > 0) return [];
  let questions = 0;
  await dataSource.transaction(async (em) => {
    const toolRows: Array<{ id: number; name: string }> = await em.query(`SELECT id, name FROM tool WHERE name = ANY($1::text[])`, [diagnosticToolNames(axes)]);
    const toolId = new Map(toolRows.map((t) => [t.name, t.id]));
    const ids = (names: string[] = []) => names.flatMap((n) => (toolId.has(n) ? [toolId.get(n) as number] : []));
    let position = 0;
    for (const [axisIndex, axis] of axes.entries()) {
      const [row]: Array<{ id: number }> = await em.query(
        `INSERT INTO diagnostic_axis (key, name, description, priority_text, category_id, position)
         VALUES ($1, $2, $3, $4, (SELECT id FROM category WHERE name = $5), $6) RETURNING id`,
        [axis.key, axis.name, axis.description, axis.priorityText, axis.category, axisIndex + 1],
      );
      for (const [index, id] of ids(axis.tools).entries()) {
        await em.query(`INSERT INTO diagnostic_axis_tool (axis_id, tool_id, position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [row.id, id, index + 1]);
      }
      for (const question of axis.questions) {
        position += 1;
        questions += 1;
        const [q]: Array<{ id: number }> = await em.query(
          `INSERT INTO diagnostic_question (axis_id, text, help, multiple, position) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [row.id, question.text, question.help ?? null, question.multiple ?? false, position],
        );
        for (const [answerIndex, answer] of question.answers.entries()) {
          const [a]: Array<{ id: number }> = await em.query(
            `INSERT INTO diagnostic_answer (question_id, text, points, position) VALUES ($1, $2, $3, $4) RETURNING id`,
            [q.id, answer.text, answer.points, answerIndex + 1],
          );
          // The first tool named weighs most.
          for (const [toolIndex, id] of ids(answer.tools).entries()) {
            await em.query(`INSERT INTO diagnostic_answer_tool (answer_id, tool_id, weight) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [a.id, id, 10 - toolIndex]);
          }
        }
      }
    }
  });
  return [`Diagnostic : ${axes.length} axes, ${questions} questions`];
}
