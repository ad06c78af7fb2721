/**
 * Tool versions and update alerts (docs/product/rules.md#R900–R929): routes, shapes, limits and
 * French messages, shared by the API and the web app so that they cannot drift.
 */
export const VersionLimits = {
  /** « Quoi de neuf ? », plain text with line breaks (docs/product/rules.md#R901). */
  noteMaxLength: 1000,
  /** The sheet's history shows this many versions before « Voir toutes les versions » (docs/product/rules.md#R907). */
  historyShown: 3,
} as const;

/** A path segment; `:name` stays as it is so that the API's controllers can declare their routes with these. */
const seg = (value: string | number) => (/^:[a-zA-Z]+$/.test(String(value)) ? String(value) : encodeURIComponent(String(value)));

export const VersionApiRoutes = {
  /** `GET`: a public tool's versions, newest first (the sheet's « Historique des versions »). */
  toolVersions: (toolId: number | string) => `/api/tools/${seg(toolId)}/versions`,
  /** `GET ?toolId=`: every version of a tool with its file (admins). */
  adminVersions: '/admin/tools/versions',
  /** `POST {toolId, number}`: `{ url }`, a signed link to that version's file (admins). */
  adminVersionLink: '/admin/tools/versions/link',
  /** `POST {toolId, number, minor?}`: makes an earlier version current again, as a new version (admins). */
  adminVersionRestore: '/admin/tools/versions/restore',
  /** The Atom feed of new tools and new versions, served by the web server as `/flux.xml` (docs/product/rules.md#R920). */
  feed: '/api/seo/flux.xml',
  /** `GET` signed in: the tools the member downloaded before their current version (docs/product/rules.md#R917). */
  myNewVersions: '/api/user/downloads/new-versions',
  /** `GET` / `POST {enabled}` signed in: the member's update alerts switch (docs/product/rules.md#R910). */
  updateAlerts: '/api/update-alerts',
  /** `POST ?id=&token=`: one-click unsubscribe from update alerts (RFC 8058 and the page's button, docs/product/rules.md#R915). */
  alertsUnsubscribe: '/api/update-alerts/unsubscribe',
} as const;

export const VersionWebRoutes = {
  /** The page of an update alert's unsubscribe link: acts at its button only (docs/product/rules.md#R915). */
  alertsUnsubscribe: '/alertes/desinscription',
  feed: '/flux.xml',
} as const;

/** One version as the public sheet shows it. */
export interface ToolVersionEntry {
  number: number;
  /** ISO 8601. */
  date: string;
  /** Null for a first version published without one. */
  note: string | null;
  /** The earlier version this one made current again. */
  restoredFrom: number | null;
}

export interface ToolVersionHistory {
  current: number;
  versions: ToolVersionEntry[];
}

/** One version as the admin sees it: with its file and its minor flag. */
export interface AdminToolVersion extends ToolVersionEntry {
  isMinor: boolean;
  isCurrent: boolean;
  file: { name: string; type: string; size: number; pages: number | null };
  /** Counted downloads of this version (docs/product/rules.md#R906). */
  downloads: number;
}

export interface AdminToolVersionsResponse {
  toolId: number;
  versions: AdminToolVersion[];
}

export interface AdminVersionRestoreResult {
  message: string;
  version: number;
}

/** A tool the member downloaded before its current version ('Mes téléchargements'). */
export interface NewVersionAvailable {
  tool: { id: number; slug: string; name: string };
  version: number;
  /** The newest version the member downloaded. */
  downloadedVersion: number;
  note: string | null;
}
export interface NewVersionsResponse { tools: NewVersionAvailable[] }

export interface UpdateAlertsState {
  enabled: boolean;
  message?: string;
}

export const VersionMessages = {
  noteRequired: 'Dites ce qui change dans cette version : « Quoi de neuf ? » est obligatoire quand le fichier est remplacé.',
  noteTooLong: (max: number) => `« Quoi de neuf ? » tient en ${max.toLocaleString('fr-FR')} caractères au plus.`,
  noteNotText: '« Quoi de neuf ? » doit être un texte.',
  minorInvalid: '« Mise à jour mineure » doit valoir oui ou non.',
  versionNumberInvalid: 'Le numéro de version doit être un nombre entier positif.',
  versionNotFound: 'Cette version de l’outil n’existe pas.',
  versionAlreadyCurrent: 'Cette version est déjà la version en cours.',
  restored: (from: number, number: number) => `La version ${from} est de nouveau en ligne : c’est la version ${number}.`,
  restoredNote: (from: number) => `Retour à la version ${from}.`,
  unsubscribeInvalid: 'Ce lien de désinscription n’est pas valide. Vous pouvez couper les alertes depuis votre profil.',
  unsubscribed: 'C’est noté : vous ne recevrez plus d’alerte quand un outil que vous utilisez est mis à jour.',
  alertsOn: 'Vous serez prévenu par e-mail quand un outil que vous utilisez est mis à jour.',
  alertsOff: 'Vous ne recevrez plus d’alerte quand un outil que vous utilisez est mis à jour.',
  alertsEnabledInvalid: 'Indiquez si vous voulez recevoir les alertes (oui ou non).',
} as const;
