import { ApiRoutes, FavoriteResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/**
 * `POST /api/favorites/create|delete` with the tool id; credentials travel as headers (lib/api.ts).
 * Only the sheet's `{ Tool, id }` is invalidated: the listing is not reloaded (spec §4).
 */
export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favoriteCreate: build.mutation<FavoriteResponse, number>({
      query: (toolId) => ({ url: ApiRoutes.favoriteCreate, method: 'POST', body: { toolId } }),
      invalidatesTags: (_r, _e, toolId) => [{ type: 'Tool', id: toolId }, 'Favourite'],
    }),
    favoriteDelete: build.mutation<FavoriteResponse, number>({
      query: (toolId) => ({ url: ApiRoutes.favoriteDelete, method: 'POST', body: { toolId } }),
      invalidatesTags: (_r, _e, toolId) => [{ type: 'Tool', id: toolId }, 'Favourite'],
    }),
  }),
});

export const { useFavoriteCreateMutation, useFavoriteDeleteMutation } = favouritesApi;
