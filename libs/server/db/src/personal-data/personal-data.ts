import { ZipFile } from 'yazl';

/** The content of 'Télécharger mes données' (docs/product/rules.md#R471), in French for the member. */
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
}

/** One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break; a formula prefix is neutralised. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: `;`-separated (what French spreadsheets expect), CRLF, UTF-8 with BOM. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}

export const PERSONAL_DATA_FILES = {
  json: 'mes-donnees.json',
  downloads: 'telechargements.csv',
  favourites: 'favoris.csv',
  folders: 'dossiers.csv',
  newsletter: 'newsletter.csv',
  diagnostics: 'diagnostics.csv',
} as const;

/**
 * The export as one ZIP: the whole JSON, plus a CSV for each table-like part. `sheetUrl` turns a
 * slug into the tool's sheet on the web app.
 */
export function buildPersonalDataArchive(data: PersonalData, sheetUrl: (slug: string) => string): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date();
  const add = (name: string, content: string) => zip.addBuffer(Buffer.from(content, 'utf8'), name, { mtime });
  add(PERSONAL_DATA_FILES.json, `${JSON.stringify(data, null, 2)}\n`);
  add(PERSONAL_DATA_FILES.downloads, toCsv(['date', 'outil', 'fiche'], data.telechargements.map((d) => [d.date, d.outil?.nom ?? 'Outil retiré du catalogue', d.outil ? sheetUrl(d.outil.slug) : ''])));
  add(PERSONAL_DATA_FILES.favourites, toCsv(['ajoute_le', 'outil', 'fiche'], data.favoris.map((f) => [f.ajouteLe, f.outil.nom, sheetUrl(f.outil.slug)])));
  add(PERSONAL_DATA_FILES.folders, toCsv(
    ['dossier', 'position', 'outil', 'fiche', 'ajoute_le'],
    data.dossiers.flatMap((f) => f.outils.map((o) => [f.nom, o.position, o.nom, o.slug ? sheetUrl(o.slug) : '', o.ajouteLe])),
  ));
  add(PERSONAL_DATA_FILES.newsletter, toCsv(
    ['date', 'evenement', 'source', 'texte_affiche', 'adresse_ip'],
    data.consentements.newsletter.map((e) => [e.date, e.evenement, e.source, e.texteAffiche, e.adresseIp]),
  ));
  add(PERSONAL_DATA_FILES.diagnostics, toCsv(
    ['date', 'score_global', 'axe', 'score_axe'],
    data.resultatsDiagnostic.flatMap((d) => d.scoresParAxe.map((s) => [d.date, d.scoreGlobal, s.axe, s.score])),
  ));
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
