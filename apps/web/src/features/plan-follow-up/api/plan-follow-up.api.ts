import {
  FollowedPlanResponse, MyPlanResponse, PlanAdminStats, PlanAnswerRequest, PlanApiRoutes, PlanMailAnswerPreview, PlanMailLink,
} from '@outils/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Plan', 'ForYou'] });
const linkQuery = (link: Record<string, string>) => new URLSearchParams(link).toString();

/** The diagnostic's plan, followed up (docs/product/rules.md#R976–R983). */
export const planApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by the session's address, so a login or logout asks again. */
    myPlan: build.query<MyPlanResponse, string | null>({
      query: () => PlanApiRoutes.mine,
      providesTags: ['Plan'],
    }),
    startPlan: build.mutation<FollowedPlanResponse, number[] | undefined>({
      query: (answerIds) => ({ url: PlanApiRoutes.start, method: 'POST', body: answerIds ? { answerIds } : {} }),
      invalidatesTags: (_r, error) => (error ? [] : ['Plan']),
    }),
    answerStep: build.mutation<FollowedPlanResponse, PlanAnswerRequest>({
      query: (body) => ({ url: PlanApiRoutes.answer, method: 'POST', body }),
      // A step marked 'Pas utile' leaves 'Pour vous' at once (docs/product/rules.md#R988).
      invalidatesTags: (_r, error) => (error ? [] : ['Plan', 'ForYou']),
    }),
    /** What a mail's answer link would do: reading it changes nothing (docs/product/rules.md#R980). */
    mailAnswerPreview: build.query<PlanMailAnswerPreview, PlanMailLink>({
      query: (link) => `${PlanApiRoutes.mailAnswer}?${linkQuery({ ...link })}`,
    }),
    mailAnswer: build.mutation<{ message: string }, PlanMailLink>({
      query: (link) => ({ url: `${PlanApiRoutes.mailAnswer}?${linkQuery({ ...link })}`, method: 'POST' }),
      invalidatesTags: ['Plan', 'ForYou'],
    }),
    unsubscribePlan: build.mutation<{ message: string }, { plan: string; token: string }>({
      query: (link) => ({ url: `${PlanApiRoutes.unsubscribe}?${linkQuery(link)}`, method: 'POST' }),
      invalidatesTags: ['Plan'],
    }),
    planAdminStats: build.query<PlanAdminStats, void>({
      query: () => PlanApiRoutes.adminStats,
    }),
  }),
});

export const {
  useMyPlanQuery, useStartPlanMutation, useAnswerStepMutation, useMailAnswerPreviewQuery, useMailAnswerMutation,
  useUnsubscribePlanMutation, usePlanAdminStatsQuery,
} = planApi;
