import { ApiRoutes, UserShowResponse } from '@outils/contracts';
import { api } from './api';

/**
 * `GET /api/user/show`: who the stored session belongs to. Read by the guards, the header, the
 * newsletter popup and the profile, so it sits beside the session rather than in one feature.
 * Tagged 'Me': the profile invalidates it after an update.
 */
export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    userShow: build.query<UserShowResponse, void>({
      query: () => ApiRoutes.userShow,
      providesTags: ['Me'],
    }),
  }),
});

export const { useUserShowQuery } = currentUserApi;
