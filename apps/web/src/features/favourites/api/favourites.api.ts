import { ApiRoutes, FavoriteResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/**
 * `POST /api/favorites/create|delete` with the tool id; credentials travel as headers (lib/api.ts).
 * Only the sheet's `{ Tool, id }` is invalidated: the listings, the favourites one included, are
 * not reloaded (docs/product/rules.md#R731), so no tag stands for "the favourites".
 */
export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favoriteCreate: build.mutation<FavoriteResponse, number>({
      query: (toolId) => ({ url: ApiRoutes.favoriteCreate, method: 'POST', body: { toolId } }),
      invalidatesTags: (_r, _e, toolId) => [{ type: 'Tool', id: toolId }],
    }),
    favoriteDelete: build.mutation<FavoriteResponse, number>({
      query: (toolId) => ({ url: ApiRoutes.favoriteDelete, method: 'POST', body: { toolId } }),
      invalidatesTags: (_r, _e, toolId) => [{ type: 'Tool', id: toolId }],
    }),
  }),
});

export const { useFavoriteCreateMutation, useFavoriteDeleteMutation } = favouritesApi;
