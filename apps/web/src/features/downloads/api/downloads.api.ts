import { ApiRoutes, DownloadResponse, PARTNER_ATTRIBUTION_PARAM } from '@outils/contracts';
import { api } from '../../../lib/api';
import { keptAttribution } from '../../../lib/partner-attribution';

/** `GET /tools/download?toolId=`: a fresh signed URL each time, so never cached (a mutation-style call). */
export const downloadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadLink: build.mutation<DownloadResponse, number>({
      // A partner's attribution kept from its link goes with it (docs/product/rules.md#R997).
      query: (toolId) => {
        const attribution = keptAttribution();
        const credited = attribution ? `&${PARTNER_ATTRIBUTION_PARAM}=${encodeURIComponent(attribution)}` : '';
        return { url: `${ApiRoutes.toolDownload}?toolId=${encodeURIComponent(toolId)}${credited}`, method: 'GET' };
      },
    }),
  }),
});

export const { useDownloadLinkMutation } = downloadsApi;
