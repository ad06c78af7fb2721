import {
  AdminDiagnosticQuestionInput, AdminDiagnosticQuestionnaire, AdminDiagnosticQuestionnaireResponse, DiagnosticAdminApiRoutes,
  DiagnosticApiRoutes, DiagnosticHistoryResponse, DiagnosticQuestionnaire, DiagnosticResultResponse, ForYouResponse,
  RelatedToolsResponse, SavedDiagnosticResultResponse,
} from '@outils/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['DiagnosticResults', 'ForYou', 'Questionnaire'] });

/** The self-diagnostic, 'Pour vous' and the related tools (docs/product/rules.md#R550–R599). */
export const diagnosticApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    questionnaire: build.query<DiagnosticQuestionnaire, void>({
      query: () => DiagnosticApiRoutes.questionnaire,
      providesTags: ['Questionnaire'],
    }),
    /** The editor's questionnaire (admins, docs/product/rules.md#R571); every change answers it anew. */
    adminQuestionnaire: build.query<AdminDiagnosticQuestionnaire, void>({
      query: () => DiagnosticAdminApiRoutes.questionnaire,
      providesTags: ['Questionnaire'],
    }),
    adminSaveQuestion: build.mutation<AdminDiagnosticQuestionnaireResponse, { id: number | null; question: AdminDiagnosticQuestionInput }>({
      query: ({ id, question }) => ({
        url: id === null ? DiagnosticAdminApiRoutes.questionCreate : DiagnosticAdminApiRoutes.questionUpdate(id), method: 'POST', body: question,
      }),
      invalidatesTags: ['Questionnaire'],
    }),
    adminDeleteQuestion: build.mutation<AdminDiagnosticQuestionnaireResponse, number>({
      query: (id) => ({ url: DiagnosticAdminApiRoutes.questionDelete(id), method: 'POST' }),
      invalidatesTags: ['Questionnaire'],
    }),
    adminOrderQuestions: build.mutation<AdminDiagnosticQuestionnaireResponse, number[]>({
      query: (questionIds) => ({ url: DiagnosticAdminApiRoutes.order, method: 'POST', body: { questionIds } }),
      invalidatesTags: ['Questionnaire'],
    }),
    /** The result of these answers (nothing saved); the key is the answers and the session. */
    evaluate: build.query<DiagnosticResultResponse, { answerIds: number[]; email: string | null }>({
      query: ({ answerIds }) => ({ url: DiagnosticApiRoutes.evaluate, method: 'POST', body: { answerIds } }),
    }),
    saveResult: build.mutation<SavedDiagnosticResultResponse, number[]>({
      query: (answerIds) => ({ url: DiagnosticApiRoutes.resultCreate, method: 'POST', body: { answerIds } }),
      invalidatesTags: ['DiagnosticResults', 'ForYou'],
    }),
    history: build.query<DiagnosticHistoryResponse, string | null>({
      query: () => DiagnosticApiRoutes.results,
      providesTags: ['DiagnosticResults'],
    }),
    /** Keyed by the session's address, so a login or logout asks again. */
    forYou: build.query<ForYouResponse, string | null>({
      query: () => DiagnosticApiRoutes.forYou,
      providesTags: ['ForYou'],
    }),
    related: build.query<RelatedToolsResponse, { toolId: number; email: string | null }>({
      query: ({ toolId }) => DiagnosticApiRoutes.related(toolId),
    }),
  }),
});

export const {
  useQuestionnaireQuery, useAdminQuestionnaireQuery, useAdminSaveQuestionMutation, useAdminDeleteQuestionMutation,
  useAdminOrderQuestionsMutation, useEvaluateQuery, useSaveResultMutation, useHistoryQuery, useForYouQuery, useRelatedQuery,
} = diagnosticApi;
