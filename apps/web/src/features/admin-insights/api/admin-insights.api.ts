import { ApiRoutes, ExportLinkRequest, ExportLinkResponse, FiltersResponse, InsightsApiRoutes, LeadsResponse, StatsQuery, StatsResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
};

/** The administration's statistics, leads and CSV exports (docs/product/rules.md#R675–R684). */
export const adminInsightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<StatsResponse, StatsQuery>({
      query: (params) => `${InsightsApiRoutes.stats}?${query({ ...params })}`,
    }),
    adminLeads: build.query<LeadsResponse, { q?: string; page?: number }>({
      query: (params) => `${InsightsApiRoutes.leads}?${query(params)}`,
    }),
    /** The statistics' category and type lists (the catalogue's public filters). */
    adminStatsFilters: build.query<FiltersResponse, void>({
      query: () => ApiRoutes.filters,
    }),
    /** A one-minute link to the CSV file, which the browser then opens (docs/product/rules.md#R683). */
    adminExportLink: build.mutation<ExportLinkResponse, ExportLinkRequest>({
      query: (body) => ({ url: InsightsApiRoutes.exportLink, method: 'POST', body }),
    }),
  }),
});

export const { useAdminStatsQuery, useAdminLeadsQuery, useAdminStatsFiltersQuery, useAdminExportLinkMutation } = adminInsightsApi;
