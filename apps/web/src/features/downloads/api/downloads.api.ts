import { ApiRoutes, DownloadResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/** `GET /tools/download?toolId=`: a fresh signed URL each time, so never cached (a mutation-style call). */
export const downloadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadLink: build.mutation<DownloadResponse, number>({
      query: (toolId) => ({ url: `${ApiRoutes.toolDownload}?toolId=${encodeURIComponent(toolId)}`, method: 'GET' }),
    }),
  }),
});

export const { useDownloadLinkMutation } = downloadsApi;
