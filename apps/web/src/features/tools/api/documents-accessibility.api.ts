import { ApiRoutes, DocumentsAccessibilityResponse } from '@outils/contracts';
import { api } from '../../../lib/api';

/** The accessibility statement's list of documents that do not conform (docs/product/rules.md#R948). */
export const documentsAccessibilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    documentsAccessibility: build.query<DocumentsAccessibilityResponse, void>({ query: () => ApiRoutes.documentsAccessibility }),
  }),
});

export const { useDocumentsAccessibilityQuery } = documentsAccessibilityApi;
