import { NewVersionsResponse, UpdateAlertsState, VersionApiRoutes } from '@outils/contracts';
import { api } from '../../../lib/api';

/** The member's update alerts and the new versions of what they downloaded (docs/product/rules.md#R910, #R915, #R917). */
export const updateAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAlerts: build.query<UpdateAlertsState, void>({
      query: () => VersionApiRoutes.updateAlerts,
      providesTags: ['Me'],
    }),
    setUpdateAlerts: build.mutation<UpdateAlertsState, boolean>({
      query: (enabled) => ({ url: VersionApiRoutes.updateAlerts, method: 'POST', body: { enabled } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    myNewVersions: build.query<NewVersionsResponse, void>({
      query: () => VersionApiRoutes.myNewVersions,
      providesTags: ['Me', 'ToolList'],
    }),
    unsubscribeUpdateAlerts: build.mutation<{ message: string }, { id: string; token: string }>({
      query: ({ id, token }) => ({
        url: `${VersionApiRoutes.alertsUnsubscribe}?${new URLSearchParams({ id, token }).toString()}`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useUpdateAlertsQuery, useSetUpdateAlertsMutation, useMyNewVersionsQuery, useUnsubscribeUpdateAlertsMutation } = updateAlertsApi;
