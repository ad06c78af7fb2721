import type { Tool } from './api-types';

/**
 * Personalised advice (docs/product/rules.md#R550–R599): the self-diagnostic, 'Pour vous' and the
 * related tools of a sheet. Routes, shapes, limits and French texts shared by the API and the web
 * app so that they cannot drift.
 */
export const DiagnosticLimits = {
  /** Answer ids in one request (far above any questionnaire). */
  maxAnswers: 200,
  /** An axis under this score (out of 100) is a priority (docs/product/rules.md#R553). */
  priorityBelow: 75,
  maxPriorities: 3,
  minPriorities: 2,
  /** Tools per priority in the plan (docs/product/rules.md#R554). */
  toolsPerPriority: 3,
  /** Saved results listed in the history (docs/product/rules.md#R555). */
  historySize: 20,
  /** Saved results kept per member: saving one more deletes the oldest (docs/product/rules.md#R780). */
  savedMax: 100,
  forYouSize: 12,
  relatedSize: 4,
} as const;

const seg = (value: string) => (/^:[a-z]+$/.test(value) ? value : encodeURIComponent(value));

export const DiagnosticApiRoutes = {
  /** `GET`: the questionnaire (axes, questions and answers, in order). */
  questionnaire: '/api/diagnostic',
  /** `POST {answerIds}`: the result of these answers, saved nowhere (guests, shared links). */
  evaluate: '/api/diagnostic/evaluate',
  /** `GET`: the member's saved results, newest first. */
  results: '/api/diagnostic/results',
  /** `POST {answerIds}`: saves the member's result and answers it. */
  resultCreate: '/api/diagnostic/results/create',
  /** `GET`: 'Pour vous' (members: ranked with reasons; guests: the month's most downloaded). */
  forYou: '/api/for-you',
  /** `GET`: "Ces outils vont bien ensemble" for a tool (as last computed in the background). */
  related: (toolId: string | number) => `/api/related-tools/${seg(String(toolId))}`,
} as const;

export const DiagnosticWebRoutes = {
  diagnostic: '/diagnostic',
  /** The result of the answers in `?reponses=` (shareable, docs/product/rules.md#R557). */
  result: (answerIds: number[]) => `/diagnostic/resultat?${DIAGNOSTIC_ANSWERS_PARAM}=${answerIds.join('-')}`,
  resultPath: '/diagnostic/resultat',
  history: '/diagnostic/historique',
  forYou: '/toolspage/for-you',
} as const;

/** The query parameter of a shared result: answer ids joined with '-'. */
export const DIAGNOSTIC_ANSWERS_PARAM = 'reponses';

export interface DiagnosticAxis {
  id: number;
  key: string;
  name: string;
  description: string;
}

export interface DiagnosticAnswerOption {
  id: number;
  text: string;
}

export interface DiagnosticQuestion {
  id: number;
  axisId: number;
  text: string;
  help: string | null;
  multiple: boolean;
  answers: DiagnosticAnswerOption[];
}

export interface DiagnosticQuestionnaire {
  axes: DiagnosticAxis[];
  questions: DiagnosticQuestion[];
}

export interface AxisScore {
  axisId: number;
  key: string;
  name: string;
  /** 0 to 100; null when every question of the axis was skipped. */
  score: number | null;
  answered: number;
  questions: number;
}

export interface PlanTool {
  tool: Tool;
  /** Why this tool, in words. */
  reason: string;
}

export interface DiagnosticPriority {
  axisId: number;
  key: string;
  name: string;
  score: number;
  /** The priority in plain words. */
  text: string;
  tools: PlanTool[];
}

export interface DiagnosticResult {
  /** The answers, valid ones only, in questionnaire order (the shareable link's content). */
  answerIds: number[];
  scores: AxisScore[];
  /** Mean of the evaluated axes; null when nothing was answered. */
  overall: number | null;
  priorities: DiagnosticPriority[];
}

export interface DiagnosticResultResponse { result: DiagnosticResult }
export interface SavedDiagnosticResult extends DiagnosticResult { id: string; createdAt: string }
export interface SavedDiagnosticResultResponse { result: SavedDiagnosticResult }

export interface DiagnosticHistoryEntry {
  id: string;
  createdAt: string;
  answerIds: number[];
  overall: number | null;
  scores: Array<{ key: string; name: string; score: number | null }>;
}
export interface DiagnosticHistoryResponse { results: DiagnosticHistoryEntry[] }

export interface DiagnosticAnswersRequest { answerIds: number[] }

export interface ForYouTool {
  tool: Tool;
  /** Why, in words ('Parce que vous êtes dans le secteur « Commerce de détail »'). */
  reason: string;
}

export interface ForYouResponse {
  /** false for guests and for members with nothing to go on: the month's most downloaded tools. */
  personalised: boolean;
  /** Whether the member has taken the diagnostic (guests: false). */
  hasDiagnostic: boolean;
  tools: ForYouTool[];
}

export interface RelatedTool {
  tool: Tool;
  reason: 'co-download' | 'similar';
}
export interface RelatedToolsResponse { tools: RelatedTool[] }

export const DiagnosticMessages = {
  answersInvalid: 'Les réponses envoyées ne sont pas valides : recommencez le diagnostic.',
  answersTooMany: `Pas plus de ${DiagnosticLimits.maxAnswers} réponses à la fois.`,
  unknownAnswer: 'Une des réponses n’existe plus : le questionnaire a changé, recommencez le diagnostic.',
  oneAnswerOnly: (question: string) => `Une seule réponse est possible à la question « ${question} ».`,
  noAnswer: 'Répondez à au moins une question pour obtenir votre résultat.',
  coDownloadReason: 'Téléchargé avec celui-ci',
  similarReason: 'Dans la même thématique',
} as const;

/**
 * Editing the questionnaire at `/admin/diagnostic` (docs/product/rules.md#R570–R579): admins only.
 */
export const DiagnosticAdminLimits = {
  questionMaxLength: 300,
  helpMaxLength: 500,
  answerMaxLength: 200,
  minAnswers: 2,
  maxAnswers: 10,
  minPoints: 0,
  maxPoints: 4,
  toolsPerAnswer: 10,
  maxQuestions: 100,
} as const;

export const DiagnosticAdminApiRoutes = {
  /** `GET`: the questionnaire with points, tools and what saved results use. */
  questionnaire: '/api/admin/diagnostic',
  /** `POST {axisId, text, help, multiple, answers}` */
  questionCreate: '/api/admin/diagnostic/questions/create',
  /** `POST` the whole question: answers with an id are kept, without one added, missing ones deleted. */
  questionUpdate: (id: string | number) => `/api/admin/diagnostic/questions/${seg(String(id))}/update`,
  questionDelete: (id: string | number) => `/api/admin/diagnostic/questions/${seg(String(id))}/delete`,
  /** `POST {questionIds}`: every question, in the new order. */
  order: '/api/admin/diagnostic/order',
} as const;

export const DiagnosticAdminWebRoutes = { editor: '/admin/diagnostic' } as const;

export interface AdminDiagnosticAnswer {
  id: number;
  text: string;
  points: number;
  /** The tools that answer this answer's need (docs/product/rules.md#R554). */
  toolIds: number[];
  /** How many saved results chose it: such an answer cannot be deleted (docs/product/rules.md#R572). */
  savedResults: number;
}

export interface AdminDiagnosticQuestion {
  id: number;
  axisId: number;
  text: string;
  help: string | null;
  multiple: boolean;
  answers: AdminDiagnosticAnswer[];
}

export interface AdminDiagnosticQuestionnaire {
  axes: DiagnosticAxis[];
  questions: AdminDiagnosticQuestion[];
  /** Every tool of the catalogue, by name, for the mapping. */
  tools: Array<{ id: number; name: string }>;
}

export interface AdminDiagnosticAnswerInput {
  /** Absent for a new answer. */
  id?: number;
  text: string;
  points: number;
  toolIds: number[];
}

export interface AdminDiagnosticQuestionInput {
  axisId: number;
  text: string;
  help?: string | null;
  multiple: boolean;
  answers: AdminDiagnosticAnswerInput[];
}

export interface AdminDiagnosticQuestionnaireResponse { questionnaire: AdminDiagnosticQuestionnaire; message?: string }

export const DiagnosticAdminMessages = {
  questionRequired: 'Saisissez le texte de la question.',
  questionTooLong: `La question ne doit pas dépasser ${DiagnosticAdminLimits.questionMaxLength} caractères.`,
  helpTooLong: `L’aide ne doit pas dépasser ${DiagnosticAdminLimits.helpMaxLength} caractères.`,
  answerRequired: 'Saisissez le texte de chaque réponse.',
  answerTooLong: `Une réponse ne doit pas dépasser ${DiagnosticAdminLimits.answerMaxLength} caractères.`,
  answersCount: `Une question a de ${DiagnosticAdminLimits.minAnswers} à ${DiagnosticAdminLimits.maxAnswers} réponses.`,
  points: `Les points d’une réponse vont de ${DiagnosticAdminLimits.minPoints} à ${DiagnosticAdminLimits.maxPoints}.`,
  toolIds: `Choisissez au plus ${DiagnosticAdminLimits.toolsPerAnswer} outils par réponse, parmi ceux du catalogue.`,
  invalidText: 'Le texte contient des caractères non autorisés.',
  unknownAxis: 'Cet axe n’existe pas.',
  unknownTool: 'Un des outils choisis n’existe plus dans le catalogue.',
  unknownAnswer: 'Une des réponses n’appartient pas à cette question : rechargez la page.',
  questionNotFound: 'Cette question n’existe plus : rechargez la page.',
  invalidOrder: 'L’ordre envoyé ne correspond pas aux questions : rechargez la page.',
  invalidMultiple: 'Indiquez si la question est à choix unique ou multiple.',
  answerInSavedResults: (answer: string) =>
    `La réponse « ${answer} » figure dans des résultats enregistrés : elle ne peut pas être supprimée. Modifiez son texte si besoin.`,
  questionInSavedResults: 'Des réponses à cette question figurent dans des résultats enregistrés : elle ne peut pas être supprimée.',
  stayMultiple: 'Des résultats enregistrés comptent plusieurs réponses à cette question : elle doit rester à choix multiple.',
  created: 'La question a été ajoutée.',
  updated: 'La question a été enregistrée.',
  deleted: 'La question a été supprimée.',
  reordered: 'L’ordre des questions a été enregistré.',
} as const;
