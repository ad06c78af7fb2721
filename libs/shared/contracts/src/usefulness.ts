/**
 * "Cet outil vous a-t-il aidé ?" (docs/product/rules.md#R960–R969): routes, shapes, limits and French
 * messages shared by the API and the web app.
 */
export const UsefulnessApiRoutes = {
  /** `GET`: the tool's shown figure (from 10 counted answers) and the caller's own answer. */
  summary: (toolId: number | string) => `/api/usefulness/${encodeURIComponent(String(toolId))}`,
  summaryPattern: '/api/usefulness/:toolId',
  /** `POST {toolId, useful, comment?, visitorKey?, downloadProof?}`: answers, or changes one's answer. */
  answer: '/api/usefulness/answer',
  /** `GET` (admins): every tool's rate, count and trend; the tools to improve. */
  adminOverview: '/admin/usefulness',
  /** `GET ?toolId&page` (admins): the comments, newest first. */
  adminComments: '/admin/usefulness/comments',
  /** `POST {id, hidden}` (admins): hides or restores a comment. */
  adminCommentVisibility: '/admin/usefulness/comments/visibility',
} as const;

export const UsefulnessWebRoutes = {
  admin: '/admin/usefulness',
} as const;

export const UsefulnessLimits = {
  commentMaxLength: 500,
  /** Counted answers a tool needs before its sheet shows the rate (docs/product/rules.md#R963). */
  shownFrom: 10,
  commentsPerPage: 25,
  /** Tools in the 'À améliorer' list, among those with enough answers. */
  toImprove: 10,
} as const;

/** A browser's random key: 22 to 64 URL-safe characters (the API keeps only its hash). */
export const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export interface UsefulnessAnswerRequest {
  toolId: number;
  useful: boolean;
  comment?: string | null;
  /** A guest's browser key (docs/product/rules.md#R961); ignored for a member. */
  visitorKey?: string;
  /** A guest's proof of a prior download: the `signature` of the download link this browser was given. */
  downloadProof?: string;
}

export interface UsefulnessMine { useful: boolean; comment: string | null }

export interface UsefulnessSummaryResponse {
  /** Null until the tool has `shownFrom` counted answers. */
  shown: { usefulPercent: number; answers: number } | null;
  /** The member's own answer (null for a guest or before answering). */
  mine: UsefulnessMine | null;
}

export interface UsefulnessAnswerResponse { message: string; mine: UsefulnessMine }

export interface UsefulnessToolRow {
  toolId: number;
  name: string;
  slug: string;
  /** The tool's counted downloads, for the statistics page (docs/product/rules.md#R966). */
  downloads: number;
  /** Counted answers and, among them, 'Oui'. */
  answers: number;
  useful: number;
  usefulPercent: number | null;
  /** Rate over the last 30 days minus the rate over the 30 days before, in points; null without answers in both. */
  trendPoints: number | null;
  /** Answers kept apart: robots and no prior download. */
  excluded: number;
  comments: number;
}

export interface UsefulnessOverviewResponse {
  tools: UsefulnessToolRow[];
  /** Tools with at least `shownFrom` counted answers, lowest rate first. */
  toImprove: UsefulnessToolRow[];
}

export interface UsefulnessComment {
  id: string;
  toolId: number;
  toolName: string;
  useful: boolean;
  comment: string;
  hidden: boolean;
  /** 'member' or 'guest'; never who. */
  author: 'member' | 'guest';
  /** Null when counted; otherwise why not. */
  excludedReason: 'bot' | 'no-download' | null;
  at: string;
}

export interface UsefulnessCommentsResponse { comments: UsefulnessComment[]; total: number; page: number; pageSize: number }

export const UsefulnessMessages = {
  thanks: 'Merci pour votre réponse !',
  thanksComment: 'Merci, votre commentaire a bien été transmis à l’équipe.',
  invalidUseful: 'Répondez « Oui » ou « Non ».',
  commentTooLong: 'Le commentaire ne peut pas dépasser 500 caractères.',
  invalidComment: 'Le commentaire doit être un texte.',
  visitorKeyNeeded: 'Votre navigateur n’a pas pu être reconnu : rechargez la page puis réessayez.',
  invalidDownloadProof: 'La preuve de téléchargement envoyée n’est pas valide.',
  commentNotFound: 'Ce commentaire n’existe plus : rechargez la page.',
  invalidHidden: 'Le paramètre « hidden » doit valoir true ou false.',
  invalidCommentId: 'L’identifiant du commentaire n’est pas valide.',
  commentHidden: 'Le commentaire est masqué.',
  commentRestored: 'Le commentaire est de nouveau visible.',
} as const;

