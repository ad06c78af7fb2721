import { ToolVersionHistory, VersionApiRoutes } from '@outils/contracts';
import { api } from '../../../lib/api';

/** A public tool's versions, for the sheet's « Historique des versions » (docs/product/rules.md#R907). */
export const versionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    toolVersions: build.query<ToolVersionHistory, number>({
      query: (toolId) => VersionApiRoutes.toolVersions(toolId),
      providesTags: (_result, _error, toolId) => [{ type: 'Tool', id: toolId }],
    }),
  }),
});

export const { useToolVersionsQuery } = versionsApi;
