import type { Tool } from './api-types';

/**
 * The diagnostic's plan, followed up (docs/product/rules.md#R976–R984): a member follows the tools
 * of their priority plan step by step, a weekly mail reminds the next step, and at the end the
 * member retakes the diagnostic and sees how far each axis moved. Routes, shapes, limits and
 * French texts shared by the API, the worker and the web app.
 */
export const PlanLimits = {
  /** Weekly reminders at most (docs/product/rules.md#R979). */
  weeks: 8,
  /** A plan's days in a week. */
  daysPerWeek: 7,
  /** Plans are deleted this long after their start (docs/product/rules.md#R984). */
  keptMonths: 13,
} as const;

/** A step's answer: 'Fait', 'Pas encore', 'Pas utile'. */
export const PLAN_STEP_ANSWERS = ['done', 'not_yet', 'not_useful'] as const;
export type PlanStepAnswer = (typeof PLAN_STEP_ANSWERS)[number];

export const PlanStepAnswerLabels: Record<PlanStepAnswer, string> = {
  done: 'Fait',
  not_yet: 'Pas encore',
  not_useful: 'Pas utile',
};

export const PlanApiRoutes = {
  /** `GET`: the member's plan (404 without one). */
  mine: '/api/plan',
  /** `POST`: follows the plan of the member's latest saved diagnostic. */
  start: '/api/plan/start',
  /** `POST {toolId, answer}`: the member marks a step. */
  answer: '/api/plan/answer',
  /** `GET ?plan&tool&answer&token`: what a mail's answer link would do (changes nothing). `POST`: does it. */
  mailAnswer: '/api/plan/mail-answer',
  /** `POST ?plan&token`: one-click unsubscribe (RFC 8058); `GET` opens the page. */
  unsubscribe: '/api/plan/unsubscribe',
  /** `GET`: the admins' funnel and median change per axis. */
  adminStats: '/api/admin/diagnostic/plans',
} as const;

export const PlanWebRoutes = {
  mine: '/diagnostic/mon-plan',
  /** The page of a mail's answer link: shows the step and the answer, acts at its button only. */
  answer: '/diagnostic/plan/reponse',
  unsubscribe: '/diagnostic/plan/desinscription',
} as const;

export interface PlanStep {
  position: number;
  tool: Tool;
  answer: PlanStepAnswer | null;
  answeredAt: string | null;
}

export interface PlanAxisChange {
  axisId: number;
  name: string;
  before: number | null;
  after: number | null;
  /** `after - before`, in points; null when either is missing. */
  change: number | null;
}

export interface FollowedPlan {
  id: string;
  startedAt: string;
  /** 1 during the first 7 days, then 2…; capped at 8. */
  week: number;
  status: 'active' | 'finished';
  /** Whether the weekly mails still go out. */
  mails: boolean;
  finishedAt: string | null;
  steps: PlanStep[];
  /** Once a diagnostic was saved after the start: each axis before and after (docs/product/rules.md#R981). */
  changes: PlanAxisChange[] | null;
  /** When the latest diagnostic compared was taken. */
  retakenAt: string | null;
}

export interface FollowedPlanResponse { plan: FollowedPlan; message?: string }

/** `GET /api/plan`: `plan` is null while the member follows none (docs/product/rules.md#R969). */
export interface MyPlanResponse { plan: FollowedPlan | null }

export interface PlanAnswerRequest { toolId: number; answer: PlanStepAnswer }

export interface PlanMailLink { plan: string; tool: string; answer: string; token: string }

/** What a mail's answer link names, before its button is pressed. */
export interface PlanMailAnswerPreview { toolName: string; answer: PlanStepAnswer; answerLabel: string }

export interface PlanAdminStats {
  started: number;
  /** Plans at least 14 days old. */
  oldEnough: number;
  /** Of those, the ones with an answer given on day 7 or later (docs/product/rules.md#R983). */
  followedAtWeek2: number;
  /** Plans whose every step is answered 'Fait' or 'Pas utile'. */
  finished: number;
  axes: Array<{ axisId: number; name: string; plans: number; medianChange: number | null }>;
}

export const PlanMessages = {
  noResult: 'Enregistrez d’abord un résultat de diagnostic : le plan suivi est celui de votre dernier diagnostic.',
  emptyPlan: 'Votre dernier diagnostic ne propose aucun outil : il n’y a pas de plan à suivre.',
  started: 'Votre plan est suivi : vous recevrez un court e-mail chaque semaine pendant 8 semaines au plus.',
  noPlan: 'Vous ne suivez pas encore de plan.',
  unknownStep: 'Cet outil ne fait pas partie de votre plan.',
  badAnswer: 'La réponse doit être « Fait », « Pas encore » ou « Pas utile ».',
  badToolId: 'L’outil doit être désigné par son numéro.',
  answered: (label: string) => `Réponse enregistrée : ${label}.`,
  finished: 'Bravo, chaque étape de votre plan a une réponse. Refaites le diagnostic pour mesurer vos progrès.',
  linkInvalid: 'Ce lien n’est pas valide : ouvrez le dernier e-mail de votre plan ou connectez-vous pour répondre.',
  planOver: 'Ce plan est terminé : connectez-vous pour revoir vos réponses.',
  unsubscribed: 'Vous ne recevrez plus les e-mails de votre plan. Vos réponses restent visibles dans « Mon plan ».',
  guestNeedsAccount: 'Créez un compte ou connectez-vous pour suivre ce plan : nous vous rappelons chaque semaine l’étape suivante et mesurons vos progrès.',
} as const;
