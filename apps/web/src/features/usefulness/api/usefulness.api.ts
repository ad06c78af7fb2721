import {
  UsefulnessApiRoutes, type UsefulnessAnswerRequest, type UsefulnessAnswerResponse, type UsefulnessCommentsResponse,
  type UsefulnessOverviewResponse, type UsefulnessSummaryResponse,
} from '@outils/contracts';
import { api } from '../../../lib/api';

const usefulnessSlice = api.enhanceEndpoints({ addTagTypes: ['Usefulness', 'UsefulnessAdmin', 'ForYou'] });

/** « Cet outil vous a-t-il aidé ? » and the admins' reads (docs/product/rules.md#R960–R966). */
export const usefulnessApi = usefulnessSlice.injectEndpoints({
  endpoints: (build) => ({
    usefulness: build.query<UsefulnessSummaryResponse, number>({
      query: (toolId) => UsefulnessApiRoutes.summary(toolId),
      providesTags: (_r, _e, toolId) => [{ type: 'Usefulness', id: toolId }],
    }),
    answerUsefulness: build.mutation<UsefulnessAnswerResponse, UsefulnessAnswerRequest>({
      query: (body) => ({ url: UsefulnessApiRoutes.answer, method: 'POST', body }),
      // 'Pour vous' leaves out what the member answered 'Non' (docs/product/rules.md#R988): read it again.
      invalidatesTags: (_r, _e, body) => [{ type: 'Usefulness', id: body.toolId }, 'ForYou'],
    }),
    usefulnessOverview: build.query<UsefulnessOverviewResponse, void>({
      query: () => UsefulnessApiRoutes.adminOverview,
      providesTags: ['UsefulnessAdmin'],
    }),
    usefulnessComments: build.query<UsefulnessCommentsResponse, { toolId?: number; page: number }>({
      query: ({ toolId, page }) => `${UsefulnessApiRoutes.adminComments}?page=${page}${toolId ? `&toolId=${toolId}` : ''}`,
      providesTags: ['UsefulnessAdmin'],
    }),
    setCommentHidden: build.mutation<{ message: string }, { id: string; hidden: boolean }>({
      query: (body) => ({ url: UsefulnessApiRoutes.adminCommentVisibility, method: 'POST', body }),
      invalidatesTags: ['UsefulnessAdmin'],
    }),
  }),
});

export const {
  useUsefulnessQuery, useAnswerUsefulnessMutation, useUsefulnessOverviewQuery, useUsefulnessCommentsQuery, useSetCommentHiddenMutation,
} = usefulnessApi;
