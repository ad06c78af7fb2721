import { MyDataExportResponse, MyDownloadsResponse, PersonalDataApiRoutes } from '@outils/contracts';
import { api } from '../../../lib/api';

/** 'Mes téléchargements' and 'Télécharger mes données' (docs/product/rules.md#R470, #R968). */
export const myDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    myDownloads: build.query<MyDownloadsResponse, void>({
      query: () => PersonalDataApiRoutes.myDownloads,
      keepUnusedDataFor: 0,
    }),
    myDataExport: build.mutation<MyDataExportResponse, void>({
      query: () => ({ url: PersonalDataApiRoutes.myDataExport, method: 'POST', body: {} }),
    }),
  }),
});

export const { useMyDownloadsQuery, useMyDataExportMutation } = myDataApi;
