/** The content of 'Télécharger mes données' (docs/product/rules.md#R968), in French for the member. */
export interface PersonalData {
  profil: {
    email: string; prenom: string; nom: string; metier: string | null; secteurActivite: string | null;
    administrateur: boolean; compteCreeLe: string; compteActiveLe: string | null;
  };
  consentements: {
    conditionsGeneralesAccepteesLe: string;
    newsletter: Array<{ date: string; evenement: string; source: string | null; texteAffiche: string | null; adresseIp: string | null }>;
  };
  newsletter: { statut: string; source: string; inscritLe: string; confirmeLe: string | null; desinscritLe: string | null } | null;
  favoris: Array<{ ajouteLe: string; outil: { id: number; nom: string; slug: string } }>;
  dossiers: Array<{
    nom: string; description: string | null; partage: boolean; partageLe: string | null; kit: boolean; creeLe: string; modifieLe: string;
    outils: Array<{ position: number; nom: string; slug: string | null; retireDuCatalogue: boolean; ajouteLe: string }>;
  }>;
  telechargements: Array<{ date: string; outil: { id: number; nom: string; slug: string } | null }>;
  /** docs/product/rules.md#R472 */
  resultatsDiagnostic: Array<{
    date: string; scoreGlobal: number | null; scoresParAxe: Array<{ axe: string; score: number | null }>;
    axesPrioritaires: string[]; reponses: Array<{ question: string | null; reponse: string }>;
  }>;
  /** The member's answers to « Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R968, #R960). */
  avisOutils: Array<{
    outil: { id: number; nom: string; slug: string }; reponse: 'Oui' | 'Non'; commentaire: string | null; donneLe: string; modifieLe: string;
  }>;
  /** The followed plan, or null (docs/product/rules.md#R886, #R976). */
  planSuivi: {
    commenceLe: string; termineLe: string | null; desabonneLe: string | null; semainesRappelees: number;
    scoresDeDepart: Array<{ axe: string; score: number | null }>;
    etapes: Array<{ position: number; outil: { id: number; nom: string; slug: string }; reponse: string | null; reponduLe: string | null }>;
  } | null;
}

/** One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break; a formula prefix is neutralised. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const PERSONAL_DATA_FILES = {
  json: 'mes-donnees.json',
  downloads: 'telechargements.csv',
  favourites: 'favoris.csv',
  folders: 'dossiers.csv',
  newsletter: 'newsletter.csv',
  diagnostics: 'diagnostics.csv',
  usefulness: 'avis-outils.csv',
} as const;
