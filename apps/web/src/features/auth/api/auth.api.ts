import { ApiRoutes, UserShowResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/** Account calls (login, sign-up, profile…). Other features may read the current user from here. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    userShow: build.query<UserShowResponse, void>({
      query: () => ApiRoutes.userShow,
      providesTags: ['Me'],
    }),
  }),
});

export const { useUserShowQuery } = authApi;
