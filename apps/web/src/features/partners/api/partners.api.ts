import { FolderApiRoutes, PartnerApiRoutes, type KitsResponse, type Partner, type PartnerInput, type PartnerReportResponse, type PartnersResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/** The admin's partners (docs/product/rules.md#R993). */
export const partnersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminPartners: build.query<PartnersResponse, void>({ query: () => PartnerApiRoutes.adminList }),
    createPartner: build.mutation<Partner, PartnerInput>({ query: (body) => ({ url: PartnerApiRoutes.adminCreate, method: 'POST', body }) }),
    updatePartner: build.mutation<Partner, PartnerInput & { id: string }>({ query: (body) => ({ url: PartnerApiRoutes.adminUpdate, method: 'POST', body }) }),
    partnerReport: build.query<PartnerReportResponse, string>({ query: (id) => PartnerApiRoutes.adminReportOf(id) }),
    unsubscribePartnerReports: build.mutation<{ message: string }, { partenaire: string; jeton: string }>({
      query: (link) => ({ url: `${PartnerApiRoutes.reportsUnsubscribe}?${new URLSearchParams(link).toString()}`, method: 'POST' }),
    }),
    /** The kits an admin may put in a partner's snippet (docs/product/rules.md#R1008). */
    partnerKits: build.query<KitsResponse, void>({ query: () => FolderApiRoutes.kits }),
    deletePartner: build.mutation<void, { id: string }>({ query: (body) => ({ url: PartnerApiRoutes.adminDelete, method: 'POST', body }) }),
  }),
});

export const { useAdminPartnersQuery, useCreatePartnerMutation, useUpdatePartnerMutation, useDeletePartnerMutation, usePartnerReportQuery, useUnsubscribePartnerReportsMutation, usePartnerKitsQuery } = partnersApi;
