import type { Difficulty } from '@outils/contracts';

/** Demo catalogue content (docs/product/rules.md#R171): French SME tools with real, generated files. */

export const DEMO_CATEGORIES = [
  'Stratégie numérique',
  'Marketing et communication',
  'Gestion et finance',
  'Cybersécurité',
  'Organisation et outils collaboratifs',
  'Relation client et ventes',
] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export const DEMO_TYPES = ['Diagnostic', 'Checklist', 'Modèle', 'Kit', 'Infographie'] as const;
export type DemoType = (typeof DEMO_TYPES)[number];

export type DemoFormat = 'pdf' | 'xlsx' | 'docx' | 'csv';

export interface DemoSection {
  title: string;
  items: string[];
}

export interface DemoTool {
  name: string;
  category: DemoCategory;
  type: DemoType;
  difficulty: Difficulty | null;
  /** Hours. */
  duration: number | null;
  goal: string;
  people: string;
  description: string;
  format: DemoFormat;
  /** The file's content: a title per section and its lines (questions, steps, rows…). */
  sections: DemoSection[];
  /** Number of PNG illustrations (0 to 3). */
  images: number;
  /** Age at seed time, in hours: today (< 24), 1–9 days, or months. */
  ageHours: number;
  featured?: boolean;
}

const DAY = 24;
const MONTH = 30 * DAY;

export const DEMO_TOOLS: DemoTool[] = [
  {
    name: 'Diagnostic de maturité numérique',
    category: 'Stratégie numérique', type: 'Diagnostic', difficulty: 'Simple', duration: 1,
    goal: 'Situer votre entreprise sur cinq axes du numérique et choisir vos trois chantiers prioritaires.',
    people: 'Dirigeants de TPE et PME, indépendants',
    description: 'Un questionnaire de 25 questions réparties en cinq axes : outils, données, clients, équipe et sécurité.\nChaque réponse vaut de 0 à 4 points ; le total situe votre entreprise sur une échelle de maturité.\nLe tableau de synthèse vous aide à choisir vos trois chantiers prioritaires pour les six prochains mois.',
    format: 'xlsx', images: 3, ageHours: 2, featured: true,
    sections: [
      { title: 'Outils', items: ['Vos logiciels sont-ils à jour et utilisés par toute l’équipe ?', 'Travaillez-vous avec des outils en ligne partagés ?', 'Vos devis et factures sont-ils produits par un logiciel ?', 'Vos outils communiquent-ils entre eux sans ressaisie ?', 'Disposez-vous d’un inventaire de vos outils et abonnements ?'] },
      { title: 'Données', items: ['Vos fichiers clients sont-ils centralisés ?', 'Savez-vous où sont stockées vos données ?', 'Suivez-vous des indicateurs chaque mois ?', 'Vos données sont-elles sauvegardées automatiquement ?', 'Respectez-vous les durées de conservation du RGPD ?'] },
      { title: 'Clients', items: ['Vos clients peuvent-ils vous contacter en ligne ?', 'Votre fiche d’établissement est-elle à jour ?', 'Recueillez-vous les avis de vos clients ?', 'Proposez-vous le paiement en ligne ?', 'Relancez-vous vos clients de façon organisée ?'] },
      { title: 'Équipe', items: ['Chacun sait-il utiliser les outils de l’entreprise ?', 'Une personne est-elle référente du numérique ?', 'Les nouveaux arrivants sont-ils formés aux outils ?', 'Les tâches répétitives sont-elles automatisées ?', 'Le télétravail est-il possible quand il le faut ?'] },
      { title: 'Sécurité', items: ['Les mots de passe sont-ils uniques et robustes ?', 'La double authentification est-elle activée ?', 'Les postes sont-ils protégés et mis à jour ?', 'Une sauvegarde hors ligne existe-t-elle ?', 'Savez-vous qui appeler en cas d’incident ?'] },
    ],
  },
  {
    name: 'Checklist RGPD pour les petites entreprises',
    category: 'Cybersécurité', type: 'Checklist', difficulty: 'Moyen', duration: 2,
    goal: 'Vérifier en une après-midi les points essentiels du RGPD et savoir quoi corriger en premier.',
    people: 'Dirigeants, assistants de direction, responsables administratifs',
    description: 'Vingt points de contrôle classés par priorité, de la tenue du registre des traitements à la gestion des demandes d’accès.\nPour chaque point : ce que dit la règle, comment vérifier, et un exemple concret.',
    format: 'pdf', images: 2, ageHours: 5,
    sections: [
      { title: 'Registre et finalités', items: ['Tenir un registre des traitements, même simplifié', 'Indiquer pour chaque fichier sa finalité et sa durée de conservation', 'Identifier les sous-traitants qui accèdent aux données'] },
      { title: 'Information et consentement', items: ['Afficher une politique de confidentialité claire sur le site', 'Recueillir un consentement explicite pour la prospection par e-mail', 'Prévoir un lien de désinscription dans chaque envoi'] },
      { title: 'Droits des personnes', items: ['Savoir répondre à une demande d’accès sous un mois', 'Supprimer les données à la demande quand la loi le permet', 'Tenir une trace des demandes reçues et traitées'] },
      { title: 'Sécurité des données', items: ['Limiter l’accès aux fichiers aux seules personnes concernées', 'Chiffrer les ordinateurs portables', 'Savoir notifier une violation de données à la CNIL sous 72 heures'] },
    ],
  },
  {
    name: 'Modèle de plan de trésorerie sur 12 mois',
    category: 'Gestion et finance', type: 'Modèle', difficulty: 'Moyen', duration: 3,
    goal: 'Anticiper les besoins de trésorerie et préparer sereinement un rendez-vous avec votre banque.',
    people: 'Créateurs d’entreprise, dirigeants, gestionnaires',
    description: 'Un tableau mensuel des encaissements et décaissements, avec solde cumulé calculé automatiquement.\nRemplissez les lignes jaunes : le tableau signale en rouge les mois où la trésorerie passe sous votre seuil d’alerte.',
    format: 'xlsx', images: 1, ageHours: 1 * DAY + 3,
    sections: [
      { title: 'Encaissements', items: ['Ventes encaissées', 'Acomptes clients', 'Subventions et aides', 'Apports et emprunts'] },
      { title: 'Décaissements', items: ['Achats et fournisseurs', 'Salaires et charges sociales', 'Loyer et charges', 'Abonnements et logiciels', 'Remboursements d’emprunt', 'TVA à reverser'] },
    ],
  },
  {
    name: 'Kit de démarrage des réseaux sociaux',
    category: 'Marketing et communication', type: 'Kit', difficulty: 'Simple', duration: 2.5,
    goal: 'Choisir les bons réseaux, préparer vos premiers contenus et publier régulièrement sans y passer vos soirées.',
    people: 'Commerçants, artisans, associations',
    description: 'Un guide pas à pas pour ouvrir et animer vos comptes professionnels.\nInclut une grille pour choisir vos réseaux, dix idées de publications et un calendrier éditorial à remplir.',
    format: 'docx', images: 3, ageHours: 2 * DAY + 6,
    sections: [
      { title: 'Choisir ses réseaux', items: ['Où sont vos clients : Facebook, Instagram, LinkedIn ?', 'Combien de temps pouvez-vous y consacrer chaque semaine ?', 'Quels contenus savez-vous produire : photos, vidéos, textes ?'] },
      { title: 'Préparer ses comptes', items: ['Une photo de profil reconnaissable (logo ou visage)', 'Une description qui dit ce que vous faites et où', 'Les liens vers votre site et vos coordonnées'] },
      { title: 'Dix idées de publications', items: ['Les coulisses de votre atelier ou de votre boutique', 'Un conseil pratique lié à votre métier', 'Le portrait d’un membre de l’équipe', 'Un avis client (avec son accord)', 'Une nouveauté ou un arrivage'] },
    ],
  },
  {
    name: 'Checklist de sauvegarde des données',
    category: 'Cybersécurité', type: 'Checklist', difficulty: 'Simple', duration: 1,
    goal: 'Mettre en place la règle du 3-2-1 et vérifier que vos sauvegardes fonctionnent vraiment.',
    people: 'Toute entreprise, référent informatique',
    description: 'Les étapes pour ne plus jamais perdre vos fichiers : inventaire, choix des supports, automatisation et test de restauration.\nÀ imprimer et à cocher une fois par trimestre.',
    format: 'pdf', images: 0, ageHours: 3 * DAY,
    sections: [
      { title: 'Inventaire', items: ['Lister les données indispensables : comptabilité, clients, devis, photos', 'Repérer où elles sont stockées : postes, serveur, cloud, téléphones'] },
      { title: 'La règle du 3-2-1', items: ['Trois copies de vos données', 'Sur deux supports différents', 'Dont une copie hors de vos locaux ou hors ligne'] },
      { title: 'Vérification', items: ['Programmer les sauvegardes automatiquement', 'Tester une restauration chaque trimestre', 'Noter la date du dernier test réussi'] },
    ],
  },
  {
    name: 'Modèle de devis professionnel',
    category: 'Relation client et ventes', type: 'Modèle', difficulty: 'Simple', duration: 0.5,
    goal: 'Présenter des devis clairs, complets et conformes aux mentions obligatoires.',
    people: 'Artisans, indépendants, prestataires de services',
    description: 'Un modèle de devis prêt à personnaliser avec toutes les mentions obligatoires.\nLes zones à remplir sont signalées entre crochets.',
    format: 'docx', images: 1, ageHours: 5 * DAY,
    sections: [
      { title: 'En-tête', items: ['[Nom de l’entreprise], [adresse], [SIRET]', 'Devis n° [numéro], établi le [date], valable jusqu’au [date]', 'Client : [nom], [adresse]'] },
      { title: 'Détail de la prestation', items: ['[Désignation] — [quantité] × [prix unitaire HT]', 'Total HT, TVA ([taux] %), total TTC', 'Conditions de paiement et acompte éventuel'] },
      { title: 'Mentions', items: ['Date de début et durée estimée des travaux', 'Mention manuscrite « Devis reçu avant l’exécution des travaux »', 'Signature et cachet du client'] },
    ],
  },
  {
    name: 'Tableau de bord commercial mensuel',
    category: 'Relation client et ventes', type: 'Modèle', difficulty: 'Moyen', duration: 2,
    goal: 'Suivre en un coup d’œil chiffre d’affaires, devis signés et taux de transformation.',
    people: 'Dirigeants, responsables commerciaux',
    description: 'Un tableau de bord avec les huit indicateurs essentiels d’une petite équipe commerciale.\nSaisissez vos chiffres chaque fin de mois : les écarts à l’objectif se calculent seuls.',
    format: 'xlsx', images: 2, ageHours: 8 * DAY,
    sections: [
      { title: 'Indicateurs', items: ['Chiffre d’affaires du mois', 'Nombre de devis envoyés', 'Nombre de devis signés', 'Taux de transformation', 'Panier moyen', 'Nouveaux clients', 'Clients perdus', 'Délai moyen de paiement'] },
    ],
  },
  {
    name: 'Infographie : les 10 réflexes contre le hameçonnage',
    category: 'Cybersécurité', type: 'Infographie', difficulty: 'Simple', duration: 0.25,
    goal: 'Aider chaque collaborateur à reconnaître un e-mail piégé avant de cliquer.',
    people: 'Toute l’équipe, à afficher en salle de pause',
    description: 'Une affiche d’une page qui résume les signes d’un e-mail frauduleux et la conduite à tenir.\nÀ imprimer en A4 ou A3.',
    format: 'pdf', images: 1, ageHours: 15 * DAY,
    sections: [
      { title: 'Les 10 réflexes', items: ['Vérifier l’adresse réelle de l’expéditeur', 'Se méfier de l’urgence et des menaces', 'Survoler les liens avant de cliquer', 'Ne jamais donner un mot de passe par e-mail', 'Se méfier des pièces jointes inattendues', 'Vérifier un changement de RIB par téléphone', 'Signaler le message au référent', 'Ne pas répondre à l’expéditeur', 'Supprimer le message après signalement', 'En cas de clic, prévenir tout de suite'] },
    ],
  },
  {
    name: 'Kit de passage à la facturation électronique',
    category: 'Gestion et finance', type: 'Kit', difficulty: 'Complexe', duration: 4,
    goal: 'Préparer l’entreprise à l’obligation de facturation électronique entre professionnels.',
    people: 'Dirigeants, comptables, gestionnaires administratifs',
    description: 'Le calendrier de la réforme, une grille pour choisir votre plateforme et un plan d’action en six étapes.\nContient aussi une liste de questions à poser à votre expert-comptable et à votre éditeur de logiciel.',
    format: 'pdf', images: 2, ageHours: 1 * MONTH,
    sections: [
      { title: 'Comprendre la réforme', items: ['Qui est concerné et à quelle date', 'Réception obligatoire, émission progressive', 'Le rôle des plateformes agréées'] },
      { title: 'Plan d’action', items: ['Faire l’inventaire de vos flux de factures', 'Vérifier les données clients (SIREN, adresses)', 'Choisir une plateforme agréée', 'Tester avec quelques clients', 'Former les personnes concernées', 'Basculer et archiver'] },
    ],
  },
  {
    name: 'Checklist de lancement d’un site vitrine',
    category: 'Marketing et communication', type: 'Checklist', difficulty: 'Moyen', duration: 1.5,
    goal: 'Ne rien oublier avant la mise en ligne : contenus, mentions légales, référencement, mesure d’audience.',
    people: 'Dirigeants, chargés de communication',
    description: 'Trente points à vérifier avant d’ouvrir votre site au public.\nClassés par thème, avec la personne qui s’en charge et une date.',
    format: 'csv', images: 0, ageHours: 45 * DAY,
    sections: [
      { title: 'Contenus', items: ['Page d’accueil qui dit ce que vous faites et pour qui', 'Coordonnées et horaires à jour', 'Photos libres de droits ou vous appartenant'] },
      { title: 'Obligations', items: ['Mentions légales complètes', 'Politique de confidentialité', 'Bandeau de consentement aux traceurs si nécessaire'] },
      { title: 'Référencement', items: ['Un titre et une description par page', 'Fiche d’établissement créée et vérifiée', 'Site déclaré aux moteurs de recherche'] },
    ],
  },
  {
    name: 'Diagnostic cybersécurité en 20 questions',
    category: 'Cybersécurité', type: 'Diagnostic', difficulty: 'Moyen', duration: 1,
    goal: 'Mesurer votre niveau d’exposition aux cyberattaques les plus courantes.',
    people: 'Dirigeants de TPE et PME, référents informatiques',
    description: 'Vingt questions fermées, un score sur 100 et des recommandations adaptées à votre résultat.\nInspiré des guides de bonnes pratiques publiés par les autorités françaises.',
    format: 'xlsx', images: 1, ageHours: 2 * MONTH,
    sections: [
      { title: 'Accès', items: ['Chaque salarié a-t-il son propre compte ?', 'Les comptes des anciens salariés sont-ils supprimés ?', 'La double authentification protège-t-elle la messagerie ?'] },
      { title: 'Postes et réseau', items: ['Les mises à jour sont-elles automatiques ?', 'Un antivirus est-il actif sur chaque poste ?', 'Le Wi-Fi invités est-il séparé du réseau interne ?'] },
      { title: 'Réaction', items: ['Avez-vous une sauvegarde hors ligne ?', 'Savez-vous qui appeler en cas d’attaque ?', 'Avez-vous fait un exercice de restauration cette année ?'] },
    ],
  },
  {
    name: 'Modèle de fiche de poste',
    category: 'Organisation et outils collaboratifs', type: 'Modèle', difficulty: 'Simple', duration: 1,
    goal: 'Clarifier missions, responsabilités et compétences attendues avant un recrutement.',
    people: 'Dirigeants, managers, responsables RH',
    description: 'Une fiche de poste structurée en six rubriques, avec des exemples de formulations.\nUtile pour recruter, pour l’entretien annuel ou pour réorganiser une équipe.',
    format: 'docx', images: 0, ageHours: 3 * MONTH,
    sections: [
      { title: 'Rubriques', items: ['Intitulé du poste et rattachement', 'Raison d’être du poste', 'Missions principales', 'Responsabilités et autonomie', 'Compétences et savoir-être', 'Conditions : lieu, horaires, télétravail'] },
    ],
  },
  {
    name: 'Kit télétravail : règles et outils',
    category: 'Organisation et outils collaboratifs', type: 'Kit', difficulty: 'Moyen', duration: 3,
    goal: 'Organiser un télétravail efficace et sécurisé pour une petite équipe.',
    people: 'Dirigeants, managers, salariés en télétravail',
    description: 'Une charte type, une liste d’outils gratuits ou peu coûteux et une checklist de sécurité pour le poste à domicile.\nÀ adapter puis à faire signer à chaque salarié concerné.',
    format: 'docx', images: 2, ageHours: 4 * MONTH,
    sections: [
      { title: 'Charte', items: ['Jours et plages de disponibilité', 'Droit à la déconnexion', 'Matériel fourni et prise en charge des frais'] },
      { title: 'Outils', items: ['Messagerie instantanée d’équipe', 'Visioconférence', 'Partage de documents', 'Gestion des tâches'] },
      { title: 'Sécurité à domicile', items: ['Connexion par VPN', 'Écran verrouillé en cas d’absence', 'Pas de poste partagé avec la famille'] },
    ],
  },
  {
    name: 'Calendrier éditorial annuel',
    category: 'Marketing et communication', type: 'Modèle', difficulty: 'Simple', duration: 2,
    goal: 'Planifier vos publications autour des temps forts de votre activité et de l’année.',
    people: 'Chargés de communication, commerçants, associations',
    description: 'Un calendrier sur douze mois avec les temps forts commerciaux déjà indiqués.\nAjoutez vos propres événements et répartissez vos contenus par canal.',
    format: 'xlsx', images: 1, ageHours: 5 * MONTH,
    sections: [
      { title: 'Temps forts', items: ['Janvier : soldes d’hiver, vœux', 'Février : Saint-Valentin', 'Mai : fête des mères', 'Juin : fête des pères, soldes d’été', 'Septembre : rentrée', 'Novembre : Black Friday', 'Décembre : fêtes de fin d’année'] },
    ],
  },
  {
    name: 'Liste des indicateurs de pilotage',
    category: 'Gestion et finance', type: 'Checklist', difficulty: 'Moyen', duration: 1,
    goal: 'Choisir les dix indicateurs qui comptent vraiment pour piloter votre entreprise.',
    people: 'Dirigeants, gestionnaires',
    description: 'Une liste de quarante indicateurs classés par domaine, avec leur formule de calcul.\nCochez ceux que vous suivez déjà et retenez-en dix au plus.',
    format: 'csv', images: 0, ageHours: 6 * MONTH,
    sections: [
      { title: 'Activité', items: ['Chiffre d’affaires mensuel', 'Carnet de commandes', 'Taux de marge brute'] },
      { title: 'Trésorerie', items: ['Solde de trésorerie', 'Délai moyen de paiement clients', 'Délai moyen de paiement fournisseurs'] },
      { title: 'Clients', items: ['Nombre de clients actifs', 'Taux de fidélité', 'Satisfaction client'] },
    ],
  },
  {
    name: 'Checklist de choix d’un logiciel de gestion',
    category: 'Stratégie numérique', type: 'Checklist', difficulty: 'Moyen', duration: 2,
    goal: 'Comparer des logiciels de gestion sur des critères objectifs avant de signer.',
    people: 'Dirigeants, responsables administratifs',
    description: 'Vingt-cinq critères pour comparer trois solutions côte à côte : fonctions, coûts cachés, réversibilité, support.\nPondérez chaque critère selon vos priorités.',
    format: 'xlsx', images: 0, ageHours: 7 * MONTH,
    sections: [
      { title: 'Fonctions', items: ['Devis et factures', 'Suivi des paiements', 'Gestion des stocks', 'Export comptable'] },
      { title: 'Contrat', items: ['Prix par utilisateur et engagement', 'Coût de la reprise de données', 'Export complet des données à la sortie', 'Hébergement des données en Europe'] },
      { title: 'Support', items: ['Assistance en français', 'Délais de réponse', 'Formation incluse'] },
    ],
  },
  {
    name: 'Modèle de charte informatique',
    category: 'Cybersécurité', type: 'Modèle', difficulty: 'Complexe', duration: 3,
    goal: 'Fixer les règles d’usage des outils numériques de l’entreprise, opposables aux salariés.',
    people: 'Dirigeants, responsables RH, référents informatiques',
    description: 'Une charte type en huit articles à adapter à votre entreprise.\nÀ annexer au règlement intérieur après consultation des représentants du personnel s’il y en a.',
    format: 'docx', images: 0, ageHours: 8 * MONTH,
    sections: [
      { title: 'Articles', items: ['Objet et champ d’application', 'Accès et mots de passe', 'Messagerie et internet', 'Usage personnel raisonnable', 'Appareils personnels', 'Télétravail', 'Contrôles et traçabilité', 'Sanctions et entrée en vigueur'] },
    ],
  },
  {
    name: 'Diagnostic de la relation client',
    category: 'Relation client et ventes', type: 'Diagnostic', difficulty: 'Simple', duration: 1,
    goal: 'Repérer les moments où vous perdez des clients et les améliorations rapides.',
    people: 'Commerçants, prestataires, équipes commerciales',
    description: 'Un parcours client en sept étapes, de la découverte à la recommandation.\nNotez chaque étape de 1 à 5 et obtenez vos trois actions prioritaires.',
    format: 'pdf', images: 2, ageHours: 9 * MONTH,
    sections: [
      { title: 'Parcours client', items: ['Découverte : comment vous trouve-t-on ?', 'Premier contact : en combien de temps répondez-vous ?', 'Devis : est-il clair et rapide ?', 'Achat : est-il simple de payer ?', 'Livraison ou prestation : les délais sont-ils tenus ?', 'Après-vente : comment traitez-vous une réclamation ?', 'Recommandation : demandez-vous des avis ?'] },
    ],
  },
  {
    name: 'Kit de prospection par e-mail',
    category: 'Relation client et ventes', type: 'Kit', difficulty: 'Moyen', duration: 2,
    goal: 'Écrire des e-mails de prospection qui obtiennent des réponses, dans le respect du RGPD.',
    people: 'Indépendants, commerciaux, dirigeants',
    description: 'Cinq modèles d’e-mails (premier contact, relance, rendez-vous, devis, réactivation) et les règles du RGPD en prospection B2B.\nChaque modèle indique l’objet, la structure et la longueur idéale.',
    format: 'docx', images: 1, ageHours: 10 * MONTH,
    sections: [
      { title: 'Modèles', items: ['Premier contact : une phrase sur le client, une sur vous, une question', 'Relance à J+5 : court, avec un élément nouveau', 'Proposition de rendez-vous : deux créneaux précis', 'Envoi de devis : rappel du besoin et prochaine étape', 'Réactivation d’un ancien client'] },
      { title: 'Règles', items: ['Prospection B2B : information et droit d’opposition', 'Lien de désinscription dans chaque message', 'Liste d’opposition tenue à jour'] },
    ],
  },
  {
    name: 'Infographie : bien choisir son hébergement cloud',
    category: 'Stratégie numérique', type: 'Infographie', difficulty: 'Moyen', duration: 0.5,
    goal: 'Comprendre les différences entre hébergement mutualisé, serveur dédié et cloud.',
    people: 'Dirigeants, référents informatiques',
    description: 'Une page pour comparer les options d’hébergement selon le coût, la souplesse et la localisation des données.\nAvec les questions à poser à un hébergeur.',
    format: 'pdf', images: 1, ageHours: 11 * MONTH,
    sections: [
      { title: 'Comparer', items: ['Mutualisé : économique, peu de contrôle', 'Serveur dédié : performances, maintenance à votre charge', 'Cloud : souplesse, facturation à l’usage'] },
      { title: 'Questions à poser', items: ['Où sont hébergées les données ?', 'Quelles sauvegardes sont incluses ?', 'Quel engagement de disponibilité ?', 'Comment récupérer mes données si je pars ?'] },
    ],
  },
  {
    name: 'Modèle de procédure d’accueil d’un salarié',
    category: 'Organisation et outils collaboratifs', type: 'Modèle', difficulty: 'Simple', duration: 1,
    goal: 'Réussir l’arrivée d’un nouveau collaborateur, du premier jour au premier mois.',
    people: 'Dirigeants, managers, responsables RH',
    description: 'Une procédure en quatre temps : avant l’arrivée, premier jour, première semaine, premier mois.\nAvec la liste des accès informatiques à ouvrir et à vérifier.',
    format: 'csv', images: 0, ageHours: 12 * MONTH,
    sections: [
      { title: 'Avant l’arrivée', items: ['Préparer le poste et le matériel', 'Créer les comptes et accès', 'Prévenir l’équipe'] },
      { title: 'Premier jour', items: ['Accueil par le responsable', 'Visite des locaux', 'Remise du livret d’accueil et de la charte informatique'] },
      { title: 'Premier mois', items: ['Point d’étape à une semaine', 'Formation aux outils', 'Entretien de fin de période d’essai'] },
    ],
  },
  {
    name: 'Checklist de sécurité des mots de passe',
    category: 'Cybersécurité', type: 'Checklist', difficulty: 'Simple', duration: 0.5,
    goal: 'Adopter en une heure des mots de passe solides et un gestionnaire de mots de passe.',
    people: 'Toute l’équipe',
    description: 'Les règles simples d’un bon mot de passe, le choix d’un gestionnaire et l’activation de la double authentification.\nÀ faire avec chaque salarié lors de son arrivée.',
    format: 'pdf', images: 0, ageHours: 13 * MONTH,
    sections: [
      { title: 'Règles', items: ['Un mot de passe différent pour chaque service', 'Au moins 12 caractères ou une phrase de passe', 'Jamais de mot de passe dans un tableur ou sur un post-it'] },
      { title: 'Outils', items: ['Installer un gestionnaire de mots de passe', 'Activer la double authentification sur la messagerie', 'Changer immédiatement un mot de passe compromis'] },
    ],
  },
  {
    name: 'Plan de communication sur un an',
    category: 'Marketing et communication', type: 'Modèle', difficulty: 'Complexe', duration: 4,
    goal: 'Définir vos cibles, vos messages et vos actions de communication pour l’année.',
    people: 'Dirigeants, chargés de communication',
    description: 'Un plan de communication structuré : objectifs, cibles, messages, canaux, budget et calendrier.\nAvec un exemple rempli pour une entreprise de services.',
    format: 'docx', images: 2, ageHours: 14 * MONTH,
    sections: [
      { title: 'Étapes', items: ['Objectifs mesurables pour l’année', 'Cibles prioritaires et leurs attentes', 'Message principal et preuves', 'Canaux retenus et fréquence', 'Budget et répartition', 'Calendrier et responsables', 'Mesure des résultats'] },
    ],
  },
  {
    name: 'Tableau de suivi des abonnements logiciels',
    category: 'Gestion et finance', type: 'Modèle', difficulty: 'Simple', duration: 1,
    goal: 'Ne plus payer pour des logiciels inutilisés et anticiper les renouvellements.',
    people: 'Dirigeants, gestionnaires, référents informatiques',
    description: 'Un registre de vos abonnements : coût mensuel, nombre d’utilisateurs, date de renouvellement et responsable.\nLe total annuel et les échéances du trimestre se calculent automatiquement.',
    format: 'xlsx', images: 0, ageHours: 16 * MONTH,
    sections: [
      { title: 'Colonnes', items: ['Logiciel', 'Usage', 'Coût mensuel HT', 'Utilisateurs', 'Date de renouvellement', 'Responsable', 'À conserver ?'] },
    ],
  },
  {
    name: 'Diagnostic de la présence en ligne',
    category: 'Marketing et communication', type: 'Diagnostic', difficulty: 'Simple', duration: 1,
    goal: 'Vérifier comment votre entreprise apparaît en ligne quand un client vous cherche.',
    people: 'Commerçants, artisans, professions libérales',
    description: 'Quinze vérifications à faire depuis votre téléphone : moteur de recherche, cartes, avis, réseaux sociaux, site.\nChaque point non conforme renvoie à une action simple.',
    format: 'pdf', images: 3, ageHours: 18 * MONTH,
    sections: [
      { title: 'Vérifications', items: ['Votre nom apparaît-il en premier résultat ?', 'Vos horaires sont-ils exacts sur les cartes en ligne ?', 'Répondez-vous aux avis, même négatifs ?', 'Votre site s’affiche-t-il bien sur mobile ?', 'Vos réseaux sociaux ont-ils été mis à jour ce mois-ci ?'] },
    ],
  },
  {
    name: 'Kit de gestion de projet pour petites équipes',
    category: 'Organisation et outils collaboratifs', type: 'Kit', difficulty: 'Moyen', duration: 3,
    goal: 'Mener un projet de bout en bout avec des outils simples : cadrage, planning, suivi.',
    people: 'Chefs de projet occasionnels, dirigeants, associations',
    description: 'Une note de cadrage, un planning type et un tableau de suivi des tâches, prêts à l’emploi.\nPensé pour des équipes de deux à dix personnes sans logiciel dédié.',
    format: 'xlsx', images: 1, ageHours: 20 * MONTH,
    sections: [
      { title: 'Cadrage', items: ['Objectif du projet', 'Périmètre : ce qui est inclus et exclu', 'Budget et échéance', 'Équipe et rôles'] },
      { title: 'Suivi', items: ['Tâche', 'Responsable', 'Échéance', 'Statut', 'Commentaire'] },
    ],
  },
  {
    name: 'Checklist d’accessibilité d’un site internet',
    category: 'Stratégie numérique', type: 'Checklist', difficulty: 'Complexe', duration: 2,
    goal: 'Rendre votre site utilisable par tous, y compris les personnes en situation de handicap.',
    people: 'Chargés de communication, prestataires web',
    description: 'Vingt critères essentiels inspirés du référentiel général d’amélioration de l’accessibilité.\nPour chacun : comment le tester sans outil spécialisé.',
    format: 'csv', images: 0, ageHours: 22 * MONTH,
    sections: [
      { title: 'Critères', items: ['Chaque image porteuse d’information a un texte alternatif', 'Les contrastes de couleurs sont suffisants', 'Le site se parcourt au clavier', 'Les formulaires ont des étiquettes', 'Les vidéos sont sous-titrées'] },
    ],
  },
  {
    name: 'Modèle de conditions générales de vente',
    category: 'Relation client et ventes', type: 'Modèle', difficulty: 'Complexe', duration: 3,
    goal: 'Disposer de conditions générales de vente claires, à faire relire par un professionnel du droit.',
    people: 'Commerçants, prestataires, e-commerçants',
    description: 'Une trame de conditions générales de vente en douze articles avec des commentaires pour chaque clause.\nCe modèle est un point de départ : faites-le valider par un professionnel du droit.',
    format: 'docx', images: 0, ageHours: 24 * MONTH,
    sections: [
      { title: 'Articles', items: ['Objet et champ d’application', 'Commandes', 'Prix et paiement', 'Livraison ou exécution', 'Droit de rétractation', 'Garanties', 'Responsabilité', 'Données personnelles', 'Litiges et médiation'] },
    ],
  },
  {
    name: 'Infographie : le parcours d’un projet de digitalisation',
    category: 'Stratégie numérique', type: 'Infographie', difficulty: null, duration: null,
    goal: 'Visualiser les étapes d’un projet numérique, de l’idée à l’adoption par l’équipe.',
    people: 'Dirigeants et équipes',
    description: 'Une infographie en six étapes pour expliquer un projet de digitalisation à votre équipe.\nÀ projeter en réunion de lancement.',
    format: 'pdf', images: 2, ageHours: 26 * MONTH,
    sections: [
      { title: 'Étapes', items: ['Constater : ce qui fait perdre du temps', 'Choisir : le chantier prioritaire', 'Comparer : deux ou trois solutions', 'Tester : avec quelques utilisateurs', 'Déployer : former et accompagner', 'Mesurer : le temps gagné'] },
    ],
  },
  {
    name: 'Fichier type de gestion des contacts clients',
    category: 'Relation client et ventes', type: 'Modèle', difficulty: 'Simple', duration: 0.5,
    goal: 'Structurer votre fichier clients avant de l’importer dans un outil de gestion de la relation client.',
    people: 'Commerçants, indépendants, petites équipes commerciales',
    description: 'Un fichier aux colonnes normalisées, compatible avec la plupart des outils de gestion de la relation client.\nAvec des exemples de lignes et les règles de saisie.',
    format: 'csv', images: 0, ageHours: 28 * MONTH,
    sections: [
      { title: 'Colonnes', items: ['Civilité', 'Prénom', 'Nom', 'Entreprise', 'E-mail', 'Téléphone', 'Ville', 'Source du contact', 'Consentement prospection', 'Date du dernier échange'] },
    ],
  },
  {
    name: 'Diagnostic des processus administratifs',
    category: 'Organisation et outils collaboratifs', type: 'Diagnostic', difficulty: 'Moyen', duration: 2,
    goal: 'Repérer les tâches administratives à simplifier ou à automatiser en priorité.',
    people: 'Dirigeants, assistants, gestionnaires',
    description: 'Listez vos tâches administratives récurrentes, estimez le temps passé et la pénibilité.\nLe tableau classe automatiquement les tâches à automatiser en premier.',
    format: 'xlsx', images: 0, ageHours: 30 * MONTH,
    sections: [
      { title: 'Tâches courantes', items: ['Saisie des factures fournisseurs', 'Relances des impayés', 'Préparation des variables de paie', 'Classement des justificatifs', 'Prise de rendez-vous', 'Réponses aux demandes de devis'] },
    ],
  },
  {
    name: 'Guide de l’identité visuelle',
    category: 'Marketing et communication', type: 'Kit', difficulty: 'Moyen', duration: 2,
    goal: 'Garder une image cohérente sur tous vos supports : logo, couleurs, typographies, ton.',
    people: 'Dirigeants, chargés de communication, prestataires',
    description: 'Une trame de charte graphique à compléter : usages du logo, palette de couleurs, typographies et exemples.\nÀ transmettre à chaque prestataire.',
    format: 'docx', images: 3, ageHours: 32 * MONTH,
    sections: [
      { title: 'Rubriques', items: ['Logo : versions, zone de protection, interdits', 'Couleurs : codes et usages', 'Typographies : titres et textes', 'Ton : comment vous parlez à vos clients', 'Exemples : carte de visite, publication, signature e-mail'] },
    ],
  },
];
