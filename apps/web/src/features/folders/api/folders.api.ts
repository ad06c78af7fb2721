import {
  DownloadResponse, FolderApiRoutes, FolderCreateRequest, FolderDeleteResponse, FolderResponse, FoldersResponse,
  FolderUpdateRequest, KitsResponse, SharedFolderResponse,
} from '@outils/contracts';
import { api } from '../../../lib/api';

const foldersTagged = api.enhanceEndpoints({ addTagTypes: ['Folder', 'Kits'] });

type FolderChange = FolderResponse;
const changed = (id: string) => [{ type: 'Folder' as const, id }, { type: 'Folder' as const, id: 'LIST' }];

/** Download folders (docs/product/rules.md#R500–R549). Every change answers the folder as it is now. */
export const foldersApi = foldersTagged.injectEndpoints({
  endpoints: (build) => ({
    folders: build.query<FoldersResponse, void>({
      query: () => FolderApiRoutes.folders,
      providesTags: [{ type: 'Folder', id: 'LIST' }],
    }),
    folder: build.query<FolderResponse, string>({
      query: (id) => FolderApiRoutes.folder(id),
      providesTags: (_r, _e, id) => [{ type: 'Folder', id }],
    }),
    folderCreate: build.mutation<FolderChange, FolderCreateRequest>({
      query: (body) => ({ url: FolderApiRoutes.folderCreate, method: 'POST', body }),
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }],
    }),
    folderUpdate: build.mutation<FolderChange, FolderUpdateRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: FolderApiRoutes.folderUpdate(id), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    folderDelete: build.mutation<FolderDeleteResponse, string>({
      query: (id) => ({ url: FolderApiRoutes.folderDelete(id), method: 'POST' }),
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }, 'Kits'],
    }),
    folderAddTool: build.mutation<FolderChange, { id: string; toolId: number }>({
      query: ({ id, toolId }) => ({ url: FolderApiRoutes.folderAddTool(id), method: 'POST', body: { toolId } }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    folderRemoveTool: build.mutation<FolderChange, { id: string; toolId: number }>({
      query: ({ id, toolId }) => ({ url: FolderApiRoutes.folderRemoveTool(id), method: 'POST', body: { toolId } }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    folderOrder: build.mutation<FolderChange, { id: string; toolIds: number[] }>({
      query: ({ id, toolIds }) => ({ url: FolderApiRoutes.folderOrder(id), method: 'POST', body: { toolIds } }),
      // The page shows the answer at once (no reload flicker while reordering by keyboard).
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(foldersApi.util.upsertQueryData('folder', id, data));
        } catch {
          /* the page keeps its order */
        }
      },
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }],
    }),
    folderShare: build.mutation<FolderChange, { id: string; share: boolean }>({
      query: ({ id, share }) => ({ url: share ? FolderApiRoutes.folderShare(id) : FolderApiRoutes.folderUnshare(id), method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [...changed(id), 'Kits'],
    }),
    folderKit: build.mutation<FolderChange, { id: string; isKit: boolean }>({
      query: ({ id, isKit }) => ({ url: FolderApiRoutes.folderKit(id), method: 'POST', body: { isKit } }),
      invalidatesTags: (_r, _e, { id }) => [...changed(id), 'Kits'],
    }),
    /** A fresh signed link each time (never cached). */
    folderDownloadLink: build.mutation<DownloadResponse, string>({
      query: (id) => ({ url: FolderApiRoutes.folderDownload(id), method: 'GET' }),
    }),
    sharedFolder: build.query<SharedFolderResponse, string>({
      query: (token) => FolderApiRoutes.sharedFolder(token),
    }),
    sharedFolderDownloadLink: build.mutation<DownloadResponse, string>({
      query: (token) => ({ url: FolderApiRoutes.sharedFolderDownload(token), method: 'GET' }),
    }),
    kits: build.query<KitsResponse, void>({
      query: () => FolderApiRoutes.kits,
      providesTags: ['Kits'],
    }),
  }),
});

export const {
  useFoldersQuery, useFolderQuery, useFolderCreateMutation, useFolderUpdateMutation, useFolderDeleteMutation,
  useFolderAddToolMutation, useFolderRemoveToolMutation, useFolderOrderMutation, useFolderShareMutation, useFolderKitMutation,
  useFolderDownloadLinkMutation, useSharedFolderQuery, useSharedFolderDownloadLinkMutation, useKitsQuery,
} = foldersApi;
