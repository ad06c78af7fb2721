import { SearchesApiRoutes, type SearchesResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/** What visitors look for (docs/product/rules.md#R970–R972). */
export const searchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordSearch: build.mutation<{ message: string }, { q: string; results: number }>({
      query: (body) => ({ url: SearchesApiRoutes.record, method: 'POST', body }),
    }),
    searchOpened: build.mutation<{ message: string }, { q: string }>({
      query: (body) => ({ url: SearchesApiRoutes.opened, method: 'POST', body }),
    }),
    adminSearches: build.query<SearchesResponse, { from?: string; to?: string }>({
      query: ({ from, to }) => {
        const params = new URLSearchParams();
        if (from) params.set('from', from);
        if (to) params.set('to', to);
        const search = params.toString();
        return search ? `${SearchesApiRoutes.admin}?${search}` : SearchesApiRoutes.admin;
      },
    }),
  }),
});

export const { useRecordSearchMutation, useSearchOpenedMutation, useAdminSearchesQuery } = searchesApi;
