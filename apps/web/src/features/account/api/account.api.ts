import {
  ActivitiesResponse,
  ApiRoutes,
  ConfirmAccountResponse,
  EmailChangeConfirmResponse,
  EmailConfirmRequest,
  EmailRequest,
  MessageBody,
  PasswordResetRequest,
  SignupRequest,
  SignupResponse,
  UserDeleteRequest,
  UserDeleteResponse,
  UserUpdateRequest,
  UserUpdateResponse,
} from '@outils/contracts';
import { api } from '../../../lib/api';

/** Account calls: sign-up and activation, password recovery, activity areas, update and deletion of one's account. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: (body) => ({ url: ApiRoutes.userNew, method: 'POST', body }),
    }),
    /**
     * GET with the link's e-mail and token as headers, without the session's
     * (docs/product/rules.md#R19); a query, so a double mount sends it once.
     */
    confirmAccount: build.query<ConfirmAccountResponse, { email: string; token: string }>({
      query: ({ email, token }) => ({ url: ApiRoutes.userConfirm, headers: { email, token }, withoutSession: true }),
      keepUnusedDataFor: 600,
    }),
    passwordForgot: build.mutation<MessageBody, EmailRequest>({
      query: (body) => ({ url: ApiRoutes.passwordForgot, method: 'POST', body }),
    }),
    /** The reset page checks its link when it opens (a query: sent once, changes nothing). */
    checkResetLink: build.query<MessageBody, { email: string; token: string }>({
      query: (body) => ({ url: ApiRoutes.passwordResetCheck, method: 'POST', body, withoutSession: true }),
      keepUnusedDataFor: 0,
    }),
    passwordReset: build.mutation<MessageBody, PasswordResetRequest>({
      query: (body) => ({ url: ApiRoutes.passwordReset, method: 'POST', body, withoutSession: true }),
    }),
    activities: build.query<ActivitiesResponse, void>({
      query: () => ApiRoutes.activities,
      keepUnusedDataFor: 3600,
    }),
    /**
     * No tag invalidation here: when the e-mail changes, the session must be updated first,
     * otherwise the refetch would carry the old address and be refused (the page does it).
     */
    userUpdate: build.mutation<UserUpdateResponse, UserUpdateRequest>({
      query: (body) => ({ url: ApiRoutes.userUpdate, method: 'POST', body }),
    }),
    /**
     * The new mailbox's link (docs/product/rules.md#R761), sent with the session when there is
     * one: the answer says whether the account that moved is the signed-in one.
     */
    emailChangeConfirm: build.mutation<EmailChangeConfirmResponse, EmailConfirmRequest>({
      query: (body) => ({ url: ApiRoutes.userEmailConfirm, method: 'POST', body }),
    }),
    /** Cancels the pending e-mail change (docs/product/rules.md#R762); the profile then reads the user again. */
    emailChangeCancel: build.mutation<MessageBody, void>({
      query: () => ({ url: ApiRoutes.userEmailCancel, method: 'POST' }),
      invalidatesTags: ['Me'],
    }),
    userDelete: build.mutation<UserDeleteResponse, UserDeleteRequest>({
      query: (body) => ({ url: ApiRoutes.userDelete, method: 'POST', body }),
    }),
  }),
});

export const {
  useSignupMutation,
  useConfirmAccountQuery,
  usePasswordForgotMutation,
  useCheckResetLinkQuery,
  usePasswordResetMutation,
  useActivitiesQuery,
  useUserUpdateMutation,
  useUserDeleteMutation,
  useEmailChangeConfirmMutation,
  useEmailChangeCancelMutation,
} = accountApi;
