import { ApiRoutes, MessageBody, NewsletterRegisterRequest } from '@outils/contracts';
import { api } from '../../../lib/api';

/** `POST /api/mailjet/register {email, consent, source}` (docs/product/rules.md#R115). */
export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    newsletterRegister: build.mutation<MessageBody, NewsletterRegisterRequest>({
      query: (body) => ({ url: ApiRoutes.newsletterRegister, method: 'POST', body }),
    }),
  }),
});

export const { useNewsletterRegisterMutation } = newsletterApi;
