import { ApiRoutes, MessageBody, NewsletterLinkRequest, NewsletterRegisterRequest, PersonalDataApiRoutes } from '@outils/contracts';
import { api } from '../../../lib/api';

/**
 * `POST /api/mailjet/register {email, consent, source}` (docs/product/rules.md#R450), and the two
 * links of the newsletter's mails (docs/product/rules.md#R451, #R744): mutations, sent only when
 * the visitor presses the page's button.
 */
export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    newsletterRegister: build.mutation<MessageBody, NewsletterRegisterRequest>({
      query: (body) => ({ url: ApiRoutes.newsletterRegister, method: 'POST', body }),
    }),
    newsletterConfirm: build.mutation<MessageBody, NewsletterLinkRequest>({
      query: (body) => ({ url: PersonalDataApiRoutes.newsletterConfirm, method: 'POST', body, withoutSession: true }),
    }),
    newsletterUnsubscribe: build.mutation<MessageBody, NewsletterLinkRequest>({
      query: (link) => ({
        url: `${PersonalDataApiRoutes.newsletterUnsubscribe}?${new URLSearchParams({ id: link.id, token: link.token }).toString()}`,
        method: 'POST',
        body: {},
        withoutSession: true,
      }),
    }),
  }),
});

export const { useNewsletterRegisterMutation, useNewsletterConfirmMutation, useNewsletterUnsubscribeMutation } = newsletterApi;
