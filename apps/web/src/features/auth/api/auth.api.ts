import { ApiRoutes, EmailRequest, LoginRequest, LoginResponse, MessageBody } from '@outils/contracts';
import { api } from '../../../lib/api';

/** Session calls: login, logout and a new activation e-mail (the current user is lib/current-user.api.ts). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: ApiRoutes.login, method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: ApiRoutes.logout, method: 'POST' }),
    }),
    resendActivation: build.mutation<MessageBody, EmailRequest>({
      query: (body) => ({ url: ApiRoutes.loginResendActivation, method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useResendActivationMutation } = authApi;
