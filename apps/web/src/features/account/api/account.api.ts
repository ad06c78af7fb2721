import { ActivitiesResponse, ApiRoutes, UserDeleteRequest, UserDeleteResponse, UserUpdateRequest, UserUpdateResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/** Profile calls: activity areas, update and deletion of one's account. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    activities: build.query<ActivitiesResponse, void>({
      query: () => ApiRoutes.activities,
      keepUnusedDataFor: 3600,
    }),
    /**
     * No tag invalidation here: when the e-mail changes, the session must be updated first,
     * otherwise the refetch would carry the old address and be refused (the page does it).
     */
    userUpdate: build.mutation<UserUpdateResponse, UserUpdateRequest>({
      query: (body) => ({ url: ApiRoutes.userUpdate, method: 'POST', body }),
    }),
    userDelete: build.mutation<UserDeleteResponse, UserDeleteRequest>({
      query: (body) => ({ url: ApiRoutes.userDelete, method: 'POST', body }),
    }),
  }),
});

export const { useActivitiesQuery, useUserUpdateMutation, useUserDeleteMutation } = accountApi;
