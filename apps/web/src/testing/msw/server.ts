import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SiteLicence, SitePublisher, SiteRetention } from '@outils/contracts';

/** The API origin the app calls in tests (default of config/env.ts). */
export const API = 'http://localhost:3000';

/** A configured publisher (production-like: no demonstration values). */
export const testPublisher: SitePublisher = {
  name: 'Conseil Numérique Lyonnais',
  legalForm: 'SARL',
  shareCapital: '8 000 €',
  siret: '123 456 789 00012',
  rcs: 'RCS Lyon 123 456 789',
  vatNumber: null,
  address: '10 quai Saint-Antoine, 69002 Lyon',
  phone: null,
  email: 'bonjour@conseil-numerique.fr',
  director: 'Le gérant de la société',
  hosting: { name: 'Hébergeur SAS', address: '5 rue du Serveur, 59100 Roubaix', phone: '03 20 00 00 00' },
  social: { linkedin: 'https://www.linkedin.com/company/conseil-numerique-lyonnais', instagram: null, facebook: null },
  demo: false,
};

/** The retention periods of the default configuration. */
export const testRetention: SiteRetention = { downloadLogMonths: 13, activationHours: 48, newsletterConfirmationDays: 30, newsletterProofYears: 3, dataExportHours: 24 };

/** The tools' licence of the default configuration (docs/product/rules.md#R990). */
export const testLicence: SiteLicence = { name: 'Licence Ouverte 2.0 (Etalab)', url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/' };

/**
 * The network of web tests: every request must be mocked by a test's handlers, except the
 * footer's `GET /api/site`, present on every page (a test may override it).
 */
export const server = setupServer(
  http.get(`${API}/api/site`, () => HttpResponse.json({ publisher: testPublisher, retention: testRetention, licence: testLicence })),
  // Download folders: no kit and no folder unless a test says otherwise.
  http.get(`${API}/api/kits`, () => HttpResponse.json({ kits: [] })),
  http.get(`${API}/api/folders`, () => HttpResponse.json({ folders: [] })),
  // A sheet's « Ces outils vont bien ensemble »: none unless a test says otherwise.
  http.get(`${API}/api/related-tools/:toolId`, () => HttpResponse.json({ tools: [] })),
  // A sheet's « Historique des versions »: one version (no history shown) unless a test says otherwise.
  http.get(`${API}/api/tools/:toolId/versions`, () => HttpResponse.json({ current: 1, versions: [{ number: 1, date: '2026-01-05T10:00:00.000Z', note: null, restoredFrom: null }] })),
  // 'Pour vous' (the home page's teaser, the page): nothing to recommend unless a test says otherwise.
  http.get(`${API}/api/for-you`, () => HttpResponse.json({ personalised: false, hasDiagnostic: false, tools: [] })),
  // « Cet outil vous a-t-il aidé ? »: no figure and no answer unless a test says otherwise.
  http.get(`${API}/api/usefulness/:toolId`, () => HttpResponse.json({ shown: null, mine: null })),
  http.get(`${API}/admin/usefulness`, () => HttpResponse.json({ tools: [], toImprove: [] })),
  // The library's searches, counted (docs/product/rules.md#R970).
  http.post(`${API}/api/searches`, () => HttpResponse.json({ message: 'Recherche comptée.' })),
  http.post(`${API}/api/searches/opened`, () => HttpResponse.json({ message: 'Recherche comptée.' })),
  // Suggestions under the search box: none unless a test says otherwise.
  http.get(`${API}/api/tools/suggestions`, () => HttpResponse.json({ tools: [], topics: [], closest: false })),
  // The accessibility statement's documents (docs/product/rules.md#R948): none checked unless a test says otherwise.
  http.get(`${API}/api/tools/accessibility`, () => HttpResponse.json({ checked: 0, lastCheckedAt: null, nonConforming: [], accessibleVersions: [] })),
);
