import { ApiRoutes, FeaturedToolResponse, PARTNER_ATTRIBUTION_PARAM, FiltersResponse, SuggestionsResponse, ToolSheetResponse, ToolsResponse } from '@outils/contracts';
import { api } from '../../../lib/api';
import { buildToolsQueryString, ToolsListArgs } from '../utils/tools-query';

/**
 * Catalogue reads (docs/product/rules.md#R71, #R84). The listing only provides 'ToolList' (not the tools' ids) so
 * that a favourite toggle does not reload it (#R731); the sheet provides `{ Tool, id }` and is
 * reloaded when a favourite mutation invalidates it.
 */
export const toolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    tools: build.query<ToolsResponse, ToolsListArgs>({
      query: (args) => `${ApiRoutes.tools}?${buildToolsQueryString(args)}`,
      providesTags: ['ToolList'],
      // Back from a sheet, the list is still there to put the page back where it was.
      keepUnusedDataFor: 600,
    }),
    /** docs/product/rules.md#R602: tools and topics for the words typed so far (2 characters or more). */
    toolSuggestions: build.query<SuggestionsResponse, string>({
      query: (q) => `${ApiRoutes.toolSuggestions}?q=${encodeURIComponent(q)}`,
      keepUnusedDataFor: 60,
    }),
    filters: build.query<FiltersResponse, void>({
      query: () => ApiRoutes.filters,
      providesTags: ['Filters'],
    }),
    featuredTool: build.query<FeaturedToolResponse, void>({
      query: () => ApiRoutes.toolsFeatured,
      providesTags: ['ToolList'],
    }),
    /** `GET /tools/{idOrSlug}?email=`: the stored e-mail is sent even when absent, as the call always was (docs/product/rules.md#R4); the API ignores it (#R20). */
    /** The sheet read again with a partner's attribution, only to credit the partner (docs/product/rules.md#R997); never cached. */
    creditSheet: build.mutation<unknown, { identifier: string; attribution: string }>({
      query: ({ identifier, attribution }) => ({ url: `${ApiRoutes.toolSheet(identifier)}?${PARTNER_ATTRIBUTION_PARAM}=${encodeURIComponent(attribution)}`, method: 'GET' }),
    }),
    toolSheet: build.query<ToolSheetResponse, { identifier: string; email: string | null }>({
      query: ({ identifier, email }) => `${ApiRoutes.toolSheet(identifier)}?email=${encodeURIComponent(email ?? '')}`,
      providesTags: (result, _error, { identifier }) =>
        result && 'tool' in result ? [{ type: 'Tool', id: result.tool.id }, { type: 'Tool', id: identifier }] : [{ type: 'Tool', id: identifier }],
    }),
  }),
});

export const { useToolsQuery, useFiltersQuery, useFeaturedToolQuery, useToolSheetQuery, useToolSuggestionsQuery, useCreditSheetMutation } = toolsApi;
