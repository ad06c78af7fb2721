import { AdminToolVersionsResponse, AdminVersionRestoreResult, VersionApiRoutes } from '@outils/contracts';
import { api } from '../../../lib/api';

/** A tool's versions for the admin (docs/product/rules.md#R902, #R903). */
export const adminVersionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminToolVersions: build.query<AdminToolVersionsResponse, number>({
      query: (toolId) => `${VersionApiRoutes.adminVersions}?toolId=${toolId}`,
      providesTags: (_result, _error, toolId) => [{ type: 'Tool', id: toolId }],
    }),
    adminVersionLink: build.mutation<{ url: string }, { toolId: number; number: number }>({
      query: (body) => ({ url: VersionApiRoutes.adminVersionLink, method: 'POST', body }),
    }),
    adminVersionRestore: build.mutation<AdminVersionRestoreResult, { toolId: number; number: number }>({
      query: (body) => ({ url: VersionApiRoutes.adminVersionRestore, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminTools', 'ToolList', 'Tool']),
    }),
  }),
});

export const { useAdminToolVersionsQuery, useAdminVersionLinkMutation, useAdminVersionRestoreMutation } = adminVersionsApi;
