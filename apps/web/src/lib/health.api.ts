import { ApiRoutes, HealthResponse } from '@outils/contracts';
import { api } from './api';

/** `GET /health`: the foundation's end-to-end check that the web app reaches the API. */
export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    health: build.query<HealthResponse, void>({ query: () => ApiRoutes.health }),
  }),
});

export const { useHealthQuery } = healthApi;
