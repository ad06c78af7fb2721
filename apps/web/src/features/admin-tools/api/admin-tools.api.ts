import { ADMIN_LISTING_MAX, AdminToolDeleteResponse, AdminToolSaveResult, ApiRoutes, ToolsResponse } from '@outils/contracts';
import { api } from '../../../lib/api';
import type { UploadProgress } from '../../../lib/upload';

/** Tags a saved or deleted tool makes stale: the admin list, the public listings and sheets. */
const TOOL_WRITE_TAGS = ['AdminTools', 'ToolList', 'Tool', 'Filters'] as const;

export interface AdminToolSaveArgs {
  /** Creation, or update of the tool whose id the body carries. */
  creating: boolean;
  body: FormData;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/**
 * Catalogue administration (docs/product/api.md#administration): the admin list, saving a tool, deletion. The form's lists
 * and the edited tool are the catalogue's own reads (features/tools).
 */
export const adminToolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Up to 100 tools, with `downloadCount` for an admin (docs/product/rules.md#R75, #R106). */
    adminTools: build.query<ToolsResponse, void>({
      query: () => `${ApiRoutes.tools}?max=${ADMIN_LISTING_MAX}`,
      providesTags: ['AdminTools'],
    }),
    /** The tool form's multipart body; with files, it goes up with progress (lib/upload.ts). */
    adminToolSave: build.mutation<AdminToolSaveResult, AdminToolSaveArgs>({
      query: ({ creating, body, onUploadProgress }) => ({
        url: creating ? ApiRoutes.adminToolCreate : ApiRoutes.adminToolUpdate,
        method: 'POST',
        body,
        onUploadProgress,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [...TOOL_WRITE_TAGS]),
    }),
    /** A single-use, 10-minute link to the queue dashboard of the API (docs/operations.md). */
    adminQueuesLink: build.mutation<{ url: string }, void>({
      query: () => ({ url: ApiRoutes.adminQueuesLink, method: 'POST' }),
    }),
    adminToolDelete: build.mutation<AdminToolDeleteResponse, number>({
      query: (toolId) => ({ url: ApiRoutes.adminToolDelete, method: 'POST', body: { toolId } }),
      // Success when status equals 'deleted', then the list is reloaded (docs/product/rules.md#R750).
      invalidatesTags: (result) => (result?.status === 'deleted' ? [...TOOL_WRITE_TAGS] : []),
    }),
  }),
});

export const { useAdminToolsQuery, useAdminToolSaveMutation, useAdminToolDeleteMutation, useAdminQueuesLinkMutation } = adminToolsApi;
