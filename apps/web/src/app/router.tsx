import type { RouteObject } from 'react-router';
import { PageFallback } from '../components/layouts/page-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from '../components/layouts/route-error';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';

/** Code-split pages: each route file default-exports its page. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** The route table of docs/product/screens.md#routes (docs/product/rules.md#R7; the tool sheet's three paths: #R90). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads (lazy routes).
    hydrateFallbackElement: <PageFallback />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: 'about', lazy: page(() => import('./routes/about')) },
      { path: 'notallowed', lazy: page(() => import('./routes/not-allowed')) },
      { path: 'login', lazy: page(() => import('./routes/login/login')) },
      { path: 'login/signup', lazy: page(() => import('./routes/login/signup')) },
      { path: 'login/signup/confirmed', lazy: page(() => import('./routes/login/signup-confirmed')) },
      { path: 'login/password/forgot', lazy: page(() => import('./routes/login/password-forgot')) },
      { path: 'login/password/reset', lazy: page(() => import('./routes/login/password-reset')) },
      { path: 'profile', lazy: page(() => import('./routes/profile/profile')) },
      { path: 'profile/confirmed', lazy: page(() => import('./routes/profile/profile-confirmed')) },
      { path: 'profile/deleted', lazy: page(() => import('./routes/profile/profile-deleted')) },
      // docs/product/rules.md#R451, #R455: the newsletter mails' links, no session needed.
      { path: 'newsletter/confirmed', lazy: page(() => import('./routes/newsletter/confirmed')) },
      { path: 'newsletter/unsubscribe', lazy: page(() => import('./routes/newsletter/unsubscribe')) },
      { path: 'toolspage', lazy: page(() => import('./routes/toolspage/tools-list')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'toolspage/favorites', lazy: page(() => import('./routes/toolspage/tools-list')) },
          // docs/product/rules.md#R500: the member's download folders.
          { path: 'toolspage/folders', lazy: page(() => import('./routes/folders/folders')) },
          { path: 'toolspage/folders/:id', lazy: page(() => import('./routes/folders/folder')) },
          // docs/product/rules.md#R555: the member's saved diagnostics.
          { path: 'diagnostic/historique', lazy: page(() => import('./routes/diagnostic/history')) },
          // docs/product/rules.md#R470: the member's downloads and their data.
          { path: 'profile/downloads', lazy: page(() => import('./routes/profile/downloads')) },
        ],
      },
      // docs/product/rules.md#R550–R562: the self-diagnostic, its shareable result, 'Pour vous'.
      { path: 'diagnostic', lazy: page(() => import('./routes/diagnostic/diagnostic')) },
      { path: 'diagnostic/resultat', lazy: page(() => import('./routes/diagnostic/result')) },
      { path: 'toolspage/for-you', lazy: page(() => import('./routes/toolspage/for-you')) },
      { path: 'dossiers/:token', lazy: page(() => import('./routes/folders/shared-folder')) },
      { path: 'toolspage/details/:identifier', lazy: page(() => import('./routes/toolspage/tool-sheet')) },
      { path: 'toolspage/:identifier', lazy: page(() => import('./routes/toolspage/tool-sheet')) },
      { path: 'tools/:identifier', lazy: page(() => import('./routes/toolspage/tool-sheet')) },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          { index: true, lazy: page(() => import('./routes/admin/dashboard')) },
          { path: 'tools/new', lazy: page(() => import('./routes/admin/tool-form-page')) },
          { path: 'tools/edit', lazy: page(() => import('./routes/admin/tool-form-page')) },
          // docs/product/rules.md#R575: the questionnaire editor.
          { path: 'diagnostic', lazy: page(() => import('./routes/admin/diagnostic')) },
          // docs/product/rules.md#R675, #R680: statistics and leads.
          { path: 'stats', lazy: page(() => import('./routes/admin/stats')) },
          { path: 'leads', lazy: page(() => import('./routes/admin/leads')) },
        ],
      },
      { path: 'info/cgu', lazy: page(() => import('./routes/info/cgu')) },
      { path: 'info/privacypolicy', lazy: page(() => import('./routes/info/privacy-policy')) },
      { path: 'info/legalnotice', lazy: page(() => import('./routes/info/legal-notice')) },
      // docs/product/rules.md#R410: the accessibility statement.
      { path: 'info/accessibility', lazy: page(() => import('./routes/info/accessibility')) },
      { path: 'info/404', lazy: page(() => import('./routes/not-found')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];
