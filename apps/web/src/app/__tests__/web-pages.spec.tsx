/**
 * @jest-environment node
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { matchWebPage, WebPagePaths } from '@outils/contracts';
import { routes } from '../router';

/** Each page of the route table (a route with its own code) and its path written in full; an index route has its parent's. */
function pagesOf(table: RouteObject[], parent = ''): Map<RouteObject, string> {
  const pages = new Map<RouteObject, string>();
  for (const route of table) {
    const full = route.path === undefined ? parent : route.path.startsWith('/') || route.path === '*' ? route.path : `${parent}/${route.path}`;
    if (route.lazy) pages.set(route, full || '/');
    for (const [child, path] of pagesOf(route.children ?? [], full)) pages.set(child, path);
  }
  return pages;
}
const pages = pagesOf(routes);

/**
 * docs/product/rules.md#R800: the web server answers 200 for the app's pages and 404 for any other
 * path, from the shared WebPagePaths; the router is built from the same paths and must rank them
 * as the shared matcher does, or a page would be answered 404 (or an unknown path 200).
 */
describe('the shared page paths are the router’s', () => {
  it('has one route per shared path, and no other page than the catch-all', () => {
    const paths = [...pages.values()];
    expect(paths.filter((p) => p !== '*').sort()).toEqual([...new Set(Object.values(WebPagePaths))].sort());
    expect(paths).toContain('*');
  });

  it.each([
    '/', '/toolspage/for-you', '/toolspage/for-you/', '/toolspage/favorites', '/toolspage/folders', '/toolspage/folders/42',
    '/toolspage/kit-rgpd', '/toolspage/details/12', '/tools/7', '/Toolspage/Kit', '/About', '/admin', '/admin/', '/admin/stats',
    '/admin/tools/new', '/dossiers/abc', '/diagnostic/resultat', '/info/404', '/zzz', '/toolspage/a/b', '/admin/zzz', '/info',
    '/about//', '//about', '/toolspage/details', '/toolspage/kit%20rgpd',
  ])('matches %s to the same page as the router', (path) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    const routerPage = leaf ? pages.get(leaf) : undefined;
    expect(routerPage).toBeDefined();
    expect(matchWebPage(path)?.path ?? '*').toBe(routerPage);
  });
});
