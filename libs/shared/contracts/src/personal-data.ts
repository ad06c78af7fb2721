import type { NewsletterSource } from './catalogue';

/**
 * Newsletter double opt-in, one-click unsubscribe, 'Mes téléchargements' and 'Télécharger mes
 * données' (docs/product/rules.md#R450–R499): routes, shapes and French texts shared by the API,
 * the worker and the web app so that they cannot drift.
 */

/** Where a registration came from: the public form's sources, plus the sign-up form. */
export type NewsletterConsentSource = NewsletterSource | 'signup';
export type NewsletterStatus = 'pending' | 'subscribed' | 'unsubscribed';
export type NewsletterEventKind = 'requested' | 'confirmed' | 'unsubscribed';

export const NewsletterDelays = {
  /** A registration not confirmed within this many days is deleted (docs/product/rules.md#R451). */
  confirmationDays: 30,
  /** At most this many confirmation mails per address in 24 hours (docs/product/rules.md#R741). */
  confirmationMailsPerDay: 3,
  /** And none within this many minutes of the previous one for the same registration (a double click mails once). */
  confirmationMailGapMinutes: 2,
  /** The history of an unsubscribed address is kept this many years, as proof (docs/product/rules.md#R458). */
  unsubscribedProofYears: 3,
} as const;

/**
 * The consent text shown next to each registration box, word for word: the web app renders it
 * (the words 'politique de confidentialité' become a link) and the API records it with the
 * consent (docs/product/rules.md#R452).
 */
/**
 * The French words of the newsletter's codes, wherever a person reads them: the admin's contacts
 * and their CSV, a member's data export (docs/product/rules.md#R743).
 */
export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  pending: 'En attente',
  subscribed: 'Confirmé',
  unsubscribed: 'Désinscrit',
};
export const NEWSLETTER_SOURCE_LABELS: Record<NewsletterConsentSource, string> = {
  home: 'Formulaire de l’accueil',
  popup: 'Fenêtre « Restez cool »',
  download: 'Fenêtre de téléchargement',
  profile: 'Profil',
  signup: 'Création de compte',
};
export const NEWSLETTER_EVENT_LABELS: Record<NewsletterEventKind, string> = {
  requested: 'Inscription demandée',
  confirmed: 'Inscription confirmée',
  unsubscribed: 'Désinscription',
};

export const NEWSLETTER_CONSENT_TEXTS: Record<NewsletterConsentSource, string> = {
  home: 'J’accepte de recevoir la newsletter par e-mail et j’ai lu la politique de confidentialité. Désinscription possible à tout moment.',
  popup: 'J’accepte de recevoir la newsletter par e-mail et j’ai lu la politique de confidentialité.',
  download: 'J’accepte de recevoir la newsletter et les nouveaux outils par e-mail. Je peux me désinscrire à tout moment (voir la politique de confidentialité).',
  signup: 'Je souhaite recevoir la newsletter (un outil par mois, désinscription en un clic)',
  profile: 'Je souhaite recevoir la newsletter',
};

export const PersonalDataApiRoutes = {
  /** `POST {id, token}`: follows the confirmation link of the mail. */
  newsletterConfirm: '/api/newsletter/confirm',
  /**
   * `POST ?id&token` (body `List-Unsubscribe=One-Click`, RFC 8058, or JSON from the web page):
   * unsubscribes; `GET` only redirects to the web page that asks nothing and does it.
   */
  newsletterUnsubscribe: '/api/newsletter/unsubscribe',
  /** `GET`: the member's download history. */
  myDownloads: '/api/user/downloads',
  /** `POST`: the member's data at once (`{ url }` of a file), or by mail for a large history (`{ message }`). */
  myDataExport: '/api/user/export',
  /** `GET ?id&token`: the export file behind its link. */
  myDataExportFile: '/api/user/export/file',
} as const;

export const PersonalDataWebRoutes = {
  newsletterConfirmed: '/newsletter/confirmed',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  myDownloads: '/profile/downloads',
} as const;

export interface NewsletterLinkRequest { id: string; token: string }

/** The newsletter state shown by the profile switch (docs/product/rules.md#R456). */
export interface NewsletterState { status: NewsletterStatus | 'none' }

export interface MyDownload {
  /** Date of the download (ISO 8601). */
  downloadedAt: string;
  /** Null when the tool was deleted since. */
  tool: { id: number; slug: string; name: string } | null;
}
export interface MyDownloadsResponse { downloads: MyDownload[] }

export type MyDataExportResponse = { url: string } | { message: string };

export const PersonalDataMessages = {
  newsletterConfirmed: 'C’est confirmé : vous êtes inscrit(e) à la newsletter. À très vite dans votre boîte mail !',
  newsletterAlreadyConfirmed: 'Votre inscription à la newsletter était déjà confirmée.',
  newsletterConfirmInvalid: 'Ce lien de confirmation n’est plus valable : il a expiré (30 jours) ou l’inscription a été annulée. Inscrivez-vous à nouveau pour recevoir un nouveau lien.',
  newsletterUnsubscribed: 'C’est fait : vous êtes désinscrit(e) de la newsletter et ne recevrez plus nos e-mails.',
  newsletterUnsubscribeInvalid: 'Ce lien de désinscription n’est pas valable. Utilisez le lien reçu dans l’un de nos e-mails, ou écrivez-nous.',
  newsletterLinkIncomplete: 'Ce lien est incomplet. Copiez-le en entier depuis l’e-mail reçu.',
  exportMailed: 'Votre historique est volumineux : nous préparons le fichier et vous l’envoyons par e-mail dans quelques minutes. Le lien sera valable 24 heures.',
  exportLinkInvalid: 'Ce lien de téléchargement de vos données n’est pas valable ou a expiré (24 heures). Demandez un nouveau fichier depuis votre profil.',
} as const;

export const MyDataExportLimits = {
  /**
   * Up to this many rows of every kind together (downloads, favourites, folders and their tools,
   * newsletter events, diagnostics, answers on the tools' usefulness) the file is given at once;
   * above, it is built in the background and mailed (docs/product/rules.md#R968).
   */
  atOnceMaxRows: 2000,
  /** Validity of the link of a file given at once (minutes). */
  atOnceLinkMinutes: 10,
  /** Validity of the mailed link (hours). */
  mailedLinkHours: 24,
  /** 'Mes téléchargements' lists this many, newest first (docs/product/rules.md#R470). */
  historyMax: 500,
} as const;
