import type { RouteObject } from 'react-router';
import { WebPagePaths as P } from '@outils/contracts';
import { PageFallback } from '../components/layouts/page-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from '../components/layouts/route-error';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';

/** Code-split pages: each route file default-exports its page. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/**
 * The route table of docs/product/screens.md#routes (docs/product/rules.md#R7; the tool sheet's
 * three paths: #R90). Every path is one of the shared WebPagePaths, which the web server and the
 * API read too (docs/product/rules.md#R800): a new page is added there first.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads (lazy routes).
    hydrateFallbackElement: <PageFallback />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: P.about, lazy: page(() => import('./routes/about')) },
      { path: P.notAllowed, lazy: page(() => import('./routes/not-allowed')) },
      { path: P.login, lazy: page(() => import('./routes/login/login')) },
      { path: P.signup, lazy: page(() => import('./routes/login/signup')) },
      { path: P.signupConfirmed, lazy: page(() => import('./routes/login/signup-confirmed')) },
      { path: P.passwordForgot, lazy: page(() => import('./routes/login/password-forgot')) },
      { path: P.passwordReset, lazy: page(() => import('./routes/login/password-reset')) },
      // docs/product/rules.md#R770: the one-time login link, acting on its button only.
      { path: P.loginLink, lazy: page(() => import('./routes/login/login-link')) },
      { path: P.profile, lazy: page(() => import('./routes/profile/profile')) },
      { path: P.profileConfirmed, lazy: page(() => import('./routes/profile/profile-confirmed')) },
      { path: P.profileDeleted, lazy: page(() => import('./routes/profile/profile-deleted')) },
      // docs/product/rules.md#R761: the new mailbox's link, with or without a session.
      { path: P.profileEmailConfirmed, lazy: page(() => import('./routes/profile/email-confirmed')) },
      // docs/product/rules.md#R451, #R744: the newsletter mails' links, no session needed.
      { path: P.newsletterConfirmed, lazy: page(() => import('./routes/newsletter/confirmed')) },
      { path: P.newsletterUnsubscribe, lazy: page(() => import('./routes/newsletter/unsubscribe')) },
      { path: P.alertsUnsubscribe, lazy: page(() => import('./routes/alerts-unsubscribe')) },
      // docs/product/rules.md#R979, #R980: the plan mails' links, no session needed, acting on their button only.
      { path: P.planAnswer, lazy: page(() => import('./routes/diagnostic/plan-answer')) },
      { path: P.planUnsubscribe, lazy: page(() => import('./routes/diagnostic/plan-unsubscribe')) },
      // docs/product/rules.md#R1002: a partner's monthly report, its visible way out.
      { path: P.partnerReportsUnsubscribe, lazy: page(() => import('./routes/partner-reports-unsubscribe')) },
      { path: P.tools, lazy: page(() => import('./routes/toolspage/tools-list')) },
      {
        element: <RequireAuth />,
        children: [
          { path: P.favorites, lazy: page(() => import('./routes/toolspage/tools-list')) },
          // docs/product/rules.md#R500: the member's download folders.
          { path: P.folders, lazy: page(() => import('./routes/folders/folders')) },
          { path: P.folder, lazy: page(() => import('./routes/folders/folder')) },
          // docs/product/rules.md#R555: the member's saved diagnostics.
          { path: P.diagnosticHistory, lazy: page(() => import('./routes/diagnostic/history')) },
          // docs/product/rules.md#R977: the member's followed plan.
          { path: P.plan, lazy: page(() => import('./routes/diagnostic/plan')) },
          // docs/product/rules.md#R470: the member's downloads and their data.
          { path: P.profileDownloads, lazy: page(() => import('./routes/profile/downloads')) },
        ],
      },
      // docs/product/rules.md#R550–R562: the self-diagnostic, its shareable result, 'Pour vous'.
      { path: P.diagnostic, lazy: page(() => import('./routes/diagnostic/diagnostic')) },
      { path: P.diagnosticResult, lazy: page(() => import('./routes/diagnostic/result')) },
      { path: P.forYou, lazy: page(() => import('./routes/toolspage/for-you')) },
      { path: P.sharedFolder, lazy: page(() => import('./routes/folders/shared-folder')) },
      { path: P.sheetById, lazy: page(() => import('./routes/toolspage/tool-sheet')) },
      { path: P.sheetBySlug, lazy: page(() => import('./routes/toolspage/tool-sheet')) },
      { path: P.sheet, lazy: page(() => import('./routes/toolspage/tool-sheet')) },
      {
        path: P.admin,
        element: <RequireAdmin />,
        children: [
          { index: true, lazy: page(() => import('./routes/admin/dashboard')) },
          { path: P.adminToolNew, lazy: page(() => import('./routes/admin/tool-form-page')) },
          { path: P.adminToolEdit, lazy: page(() => import('./routes/admin/tool-form-page')) },
          // docs/product/rules.md#R575: the questionnaire editor.
          { path: P.adminDiagnostic, lazy: page(() => import('./routes/admin/diagnostic')) },
          // docs/product/rules.md#R675, #R680: statistics and leads.
          { path: P.adminStats, lazy: page(() => import('./routes/admin/stats')) },
          { path: P.adminLeads, lazy: page(() => import('./routes/admin/leads')) },
          { path: P.adminPartners, lazy: page(() => import('./routes/admin/partners')) },
          { path: P.adminPartnerReport, lazy: page(() => import('./routes/admin/partner-report')) },
          { path: P.adminUsefulness, lazy: page(() => import('./routes/admin/usefulness')) },
          { path: P.adminSearches, lazy: page(() => import('./routes/admin/searches')) },
        ],
      },
      { path: P.cgu, lazy: page(() => import('./routes/info/cgu')) },
      { path: P.privacy, lazy: page(() => import('./routes/info/privacy-policy')) },
      { path: P.legalNotice, lazy: page(() => import('./routes/info/legal-notice')) },
      // docs/product/rules.md#R410: the accessibility statement.
      { path: P.accessibility, lazy: page(() => import('./routes/info/accessibility')) },
      { path: P.notFound, lazy: page(() => import('./routes/not-found')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];
