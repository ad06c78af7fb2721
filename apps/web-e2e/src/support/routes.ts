import type { Page } from 'playwright-core';
import { adminSession, allTools, ApiTool, apiFetch } from './api';
import { url, WAIT } from './browser';

/** One screen of docs/product/screens.md#routes, as the journeys open it. */
export interface RouteCase {
  /** File-name friendly name (screenshots, reports). */
  name: string;
  path: string;
  /** Who may see it: guarded pages only make sense signed in (admin pages as an admin). */
  access: 'public' | 'member' | 'admin';
}

/** Every route of docs/product/screens.md#routes, with real ids and slugs from the catalogue. */
export async function specRoutes(): Promise<RouteCase[]> {
  const tools = await allTools();
  // A sheet with several images (carousel) when the catalogue has one.
  const tool: ApiTool = tools.find((t) => t.images.length > 1) ?? tools.find((t) => t.images.length) ?? tools[0];
  const other = tools.find((t) => t.id !== tool.id) ?? tool;
  const mail = encodeURIComponent('camille.martin@example.com');
  // Download folders (docs/product/rules.md#R500): the seeded kit is one of the admin's folders.
  const admin = await adminSession();
  const { body: mine } = await apiFetch<{ folders: Array<{ id: string; shareToken: string | null }> }>('/api/folders', {
    headers: { userEmail: admin.email, userToken: admin.token },
  });
  const kit = mine.folders.find((f) => f.shareToken) ?? mine.folders[0];
  const folderRoutes: RouteCase[] = [
    { name: 'toolspage-folders', path: '/toolspage/folders', access: 'member' },
    ...(kit ? [{ name: 'toolspage-folders-id', path: `/toolspage/folders/${kit.id}`, access: 'member' as const }] : []),
    ...(kit?.shareToken ? [{ name: 'dossiers-token', path: `/dossiers/${kit.shareToken}`, access: 'public' as const }] : []),
  ];
  // The self-diagnostic (docs/product/rules.md#R550): a result link with the first answer of each question.
  const { body: questionnaire } = await apiFetch<{ questions: Array<{ answers: Array<{ id: number }> }> }>('/api/diagnostic');
  const answers = questionnaire.questions.map((q) => q.answers[0].id).join('-');
  const diagnosticRoutes: RouteCase[] = [
    { name: 'diagnostic', path: '/diagnostic', access: 'public' },
    { name: 'diagnostic-resultat', path: `/diagnostic/resultat?reponses=${answers}`, access: 'public' },
    { name: 'diagnostic-historique', path: '/diagnostic/historique', access: 'member' },
    { name: 'toolspage-for-you', path: '/toolspage/for-you', access: 'public' },
  ];
  return [
    ...folderRoutes,
    ...diagnosticRoutes,
    { name: 'home', path: '/', access: 'public' },
    { name: 'about', path: '/about', access: 'public' },
    { name: 'notallowed', path: '/notallowed', access: 'public' },
    { name: 'login', path: '/login', access: 'public' },
    { name: 'login-signup', path: '/login/signup', access: 'public' },
    { name: 'login-signup-confirmed', path: `/login/signup/confirmed?email=${mail}`, access: 'public' },
    { name: 'login-password-forgot', path: '/login/password/forgot', access: 'public' },
    { name: 'login-password-reset', path: `/login/password/reset?email=${mail}&token=exemple-de-jeton`, access: 'public' },
    { name: 'profile', path: '/profile', access: 'member' },
    { name: 'profile-confirmed', path: `/profile/confirmed?email=${mail}&token=jeton-invalide`, access: 'public' },
    // docs/product/rules.md#R761, #R770: pages of links that act on their button only.
    { name: 'profile-email-confirmed', path: `/profile/email-confirmed?email=${mail}&token=jeton-invalide`, access: 'public' },
    { name: 'login-link', path: `/login/link?email=${mail}&token=jeton-invalide`, access: 'public' },
    { name: 'profile-deleted', path: '/profile/deleted', access: 'public' },
    // docs/product/rules.md#R470, #R451, #R744
    { name: 'profile-downloads', path: '/profile/downloads', access: 'member' },
    { name: 'newsletter-confirmed', path: '/newsletter/confirmed?id=00000000-0000-4000-8000-000000000000&token=jeton-invalide', access: 'public' },
    { name: 'newsletter-unsubscribe', path: '/newsletter/unsubscribe?id=00000000-0000-4000-8000-000000000000&token=jeton-invalide', access: 'public' },
    { name: 'toolspage', path: '/toolspage', access: 'public' },
    { name: 'toolspage-slug', path: `/toolspage/${tool.slug}`, access: 'public' },
    { name: 'toolspage-details-id', path: `/toolspage/details/${other.id}`, access: 'public' },
    { name: 'tools-id', path: `/tools/${tool.id}`, access: 'public' },
    { name: 'toolspage-favorites', path: '/toolspage/favorites', access: 'member' },
    { name: 'admin', path: '/admin', access: 'admin' },
    { name: 'admin-tools-new', path: '/admin/tools/new', access: 'admin' },
    { name: 'admin-tools-edit', path: `/admin/tools/edit?id=${tool.id}`, access: 'admin' },
    { name: 'admin-diagnostic', path: '/admin/diagnostic', access: 'admin' },
    { name: 'info-cgu', path: '/info/cgu', access: 'public' },
    { name: 'info-privacypolicy', path: '/info/privacypolicy', access: 'public' },
    { name: 'info-legalnotice', path: '/info/legalnotice', access: 'public' },
    { name: 'info-accessibility', path: '/info/accessibility', access: 'public' },
    { name: 'info-404', path: '/info/404', access: 'public' },
    { name: 'unknown-404', path: '/une/adresse/inconnue', access: 'public' },
  ];
}

/**
 * Opens a route and waits until it has settled: the network is quiet, a level-1 heading shows,
 * no spinner or busy region is left, and images are loaded (for screenshots).
 */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(url(path), { waitUntil: 'networkidle', timeout: WAIT.navigation });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && ![...document.images].some((img) => !img.complete && img.loading !== 'lazy'), undefined, { timeout: WAIT.action });
  // A route may redirect (guards) or refetch after the first render.
  await page.waitForLoadState('networkidle');
}
