import { ApiRoutes, DownloadResponse, PARTNER_ATTRIBUTION_PARAM } from '@outils/contracts';
import { api } from '../../../lib/api';
import { keptAttribution } from '../../../lib/partner-attribution';

/** `GET /tools/download?toolId=`: a fresh signed URL each time, so never cached (a mutation-style call). */
export const downloadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A tool id, or `{ toolId, alternative: true }` for its accessible version (docs/product/rules.md#R946). */
    downloadLink: build.mutation<DownloadResponse, number | { toolId: number; alternative: true }>({
      // A partner's attribution kept from its link goes with it (docs/product/rules.md#R997).
      query: (arg) => {
        const toolId = typeof arg === 'number' ? arg : arg.toolId;
        const attribution = keptAttribution();
        const credited = attribution ? `&${PARTNER_ATTRIBUTION_PARAM}=${encodeURIComponent(attribution)}` : '';
        const alternative = typeof arg === 'number' ? '' : '&alternative=true';
        return { url: `${ApiRoutes.toolDownload}?toolId=${encodeURIComponent(toolId)}${alternative}${credited}`, method: 'GET' };
      },
    }),
  }),
});

export const { useDownloadLinkMutation } = downloadsApi;
