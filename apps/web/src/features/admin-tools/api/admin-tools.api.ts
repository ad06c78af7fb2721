import {
  ADMIN_LISTING_MAX,
  AdminToolDeleteResponse,
  ApiRoutes,
  FiltersResponse,
  ToolSheetResponse,
  ToolsResponse,
} from '@outils/contracts';
import { api } from '../../../lib/api';

/** Tags a saved or deleted tool makes stale: the admin list, the public listings and sheets. */
export const TOOL_WRITE_TAGS = ['AdminTools', 'ToolList', 'Tool', 'Filters'] as const;

/** Catalogue administration (spec §7): the admin list, the form's lists and tool, deletion. */
export const adminToolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Up to 100 tools, with `downloadCount` for an admin (decisions §3). */
    adminTools: build.query<ToolsResponse, void>({
      query: () => `${ApiRoutes.tools}?max=${ADMIN_LISTING_MAX}`,
      providesTags: ['AdminTools'],
    }),
    adminFilters: build.query<FiltersResponse, void>({
      query: () => ApiRoutes.filters,
      providesTags: ['Filters'],
    }),
    adminTool: build.query<ToolSheetResponse, string>({
      query: (id) => ApiRoutes.toolSheet(id),
      providesTags: (_result, _error, id) => [{ type: 'Tool', id }],
      keepUnusedDataFor: 0,
    }),
    /** A single-use, 10-minute link to the queue dashboard of the API (docs/operations.md). */
    adminQueuesLink: build.mutation<{ url: string }, void>({
      query: () => ({ url: ApiRoutes.adminQueuesLink, method: 'POST' }),
    }),
    adminToolDelete: build.mutation<AdminToolDeleteResponse, number>({
      query: (toolId) => ({ url: ApiRoutes.adminToolDelete, method: 'POST', body: { toolId } }),
      // spec §7: success when status equals 'deleted', then the list is reloaded.
      invalidatesTags: (result) => (result?.status === 'deleted' ? [...TOOL_WRITE_TAGS] : []),
    }),
  }),
});

export const { useAdminToolsQuery, useAdminFiltersQuery, useAdminToolQuery, useAdminToolDeleteMutation, useAdminQueuesLinkMutation } = adminToolsApi;
