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
    /** A one-time login link by e-mail (docs/product/rules.md#R770). */
    sendLoginLink: build.mutation<MessageBody, EmailRequest>({
      query: (body) => ({ url: ApiRoutes.loginLink, method: 'POST', body }),
    }),
    /** The link's page opens the session with it, without any session of its own. */
    confirmLoginLink: build.mutation<LoginResponse, { email: string; token: string }>({
      query: (body) => ({ url: ApiRoutes.loginLinkConfirm, method: 'POST', body, withoutSession: true }),
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useResendActivationMutation, useSendLoginLinkMutation, useConfirmLoginLinkMutation } = authApi;
