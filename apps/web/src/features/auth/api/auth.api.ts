import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import {
  ApiRoutes,
  ConfirmAccountResponse,
  EmailRequest,
  LoginRequest,
  LoginResponse,
  MessageBody,
  PasswordResetRequest,
  SignupRequest,
  SignupResponse,
  UserShowResponse,
} from '@outils/contracts';
import { webConfig } from '../../../config/env';
import { api, ApiError, toApiError } from '../../../lib/api';

/**
 * Calls that carry a one-time e-mail + token pair of their own (activation, reset links):
 * sent without the session's credential headers, so that a signed-in browser cannot mix
 * its session with the link's token (decisions §2).
 */
const linkQuery = fetchBaseQuery({ baseUrl: '' });

async function withoutSession<T>(
  args: { url: string; method?: string; headers?: Record<string, string>; body?: unknown },
  apiArgs: Parameters<typeof linkQuery>[1],
): Promise<{ data: T } | { error: ApiError }> {
  const result = await linkQuery({ ...args, url: `${webConfig().apiUrl}${args.url}` }, apiArgs, {});
  if (result.error) return { error: toApiError(result.error) };
  return { data: result.data as T };
}

/** Identity calls: login, logout, sign-up, activation, password recovery and the current user. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    userShow: build.query<UserShowResponse, void>({
      query: () => ApiRoutes.userShow,
      providesTags: ['Me'],
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: ApiRoutes.login, method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: ApiRoutes.logout, method: 'POST' }),
    }),
    resendActivation: build.mutation<MessageBody, EmailRequest>({
      query: (body) => ({ url: ApiRoutes.loginResendActivation, method: 'POST', body }),
    }),
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: (body) => ({ url: ApiRoutes.userNew, method: 'POST', body }),
    }),
    /** GET with the link's e-mail and token as headers; a query, so a double mount sends it once. */
    confirmAccount: build.query<ConfirmAccountResponse, { email: string; token: string }>({
      queryFn: ({ email, token }, apiArgs) =>
        withoutSession<ConfirmAccountResponse>({ url: ApiRoutes.userConfirm, headers: { email, token } }, apiArgs),
      keepUnusedDataFor: 600,
    }),
    /** The reset page checks its link when it opens (a query: sent once, changes nothing). */
    checkResetLink: build.query<MessageBody, { email: string; token: string }>({
      queryFn: (body, apiArgs) => withoutSession<MessageBody>({ url: ApiRoutes.passwordResetCheck, method: 'POST', body }, apiArgs),
      keepUnusedDataFor: 0,
    }),
    passwordForgot: build.mutation<MessageBody, EmailRequest>({
      query: (body) => ({ url: ApiRoutes.passwordForgot, method: 'POST', body }),
    }),
    passwordReset: build.mutation<MessageBody, PasswordResetRequest>({
      queryFn: (body, apiArgs) => withoutSession<MessageBody>({ url: ApiRoutes.passwordReset, method: 'POST', body }, apiArgs),
    }),
  }),
});

export const {
  useUserShowQuery,
  useLoginMutation,
  useLogoutMutation,
  useResendActivationMutation,
  useSignupMutation,
  useConfirmAccountQuery,
  useCheckResetLinkQuery,
  usePasswordForgotMutation,
  usePasswordResetMutation,
} = authApi;
