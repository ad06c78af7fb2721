import { ApiRoutes, SiteResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/**
 * `GET /api/site`: the publisher's legal identity, as the API is configured (docs/web-accounts.md,
 * « Identité de l’éditeur »). Read by the footer on every page: kept for the whole visit.
 */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    site: build.query<SiteResponse, void>({
      query: () => ApiRoutes.site,
      keepUnusedDataFor: 24 * 3600,
    }),
  }),
});

export const { useSiteQuery } = siteApi;
