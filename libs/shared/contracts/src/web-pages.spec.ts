import { isNotFoundPage, isServerRenderedPage, matchWebPage, SHEET_PATH_PATTERN, sheetIdentifierOf, WebPagePaths } from './web-pages';

describe('the web app’s page paths', () => {
  it('matches static pages before a sheet’s slug, as the router ranks them', () => {
    expect(matchWebPage('/toolspage/for-you')?.path).toBe(WebPagePaths.forYou);
    expect(matchWebPage('/toolspage/favorites')?.path).toBe(WebPagePaths.favorites);
    expect(matchWebPage('/toolspage/folders')?.path).toBe(WebPagePaths.folders);
    expect(matchWebPage('/toolspage/folders/3f1c')).toEqual({ path: WebPagePaths.folder, params: { id: '3f1c' } });
    expect(matchWebPage('/toolspage/details/12')).toEqual({ path: WebPagePaths.sheetById, params: { identifier: '12' } });
    expect(matchWebPage('/toolspage/kit-rgpd')).toEqual({ path: WebPagePaths.sheetBySlug, params: { identifier: 'kit-rgpd' } });
  });

  it('ignores the case of letters and trailing slashes, like React Router', () => {
    expect(matchWebPage('/About')?.path).toBe(WebPagePaths.about);
    expect(matchWebPage('/toolspage/for-you/')?.path).toBe(WebPagePaths.forYou);
    expect(matchWebPage('/')?.path).toBe(WebPagePaths.home);
    expect(matchWebPage('/admin/')?.path).toBe(WebPagePaths.admin);
  });

  it('knows no other path', () => {
    for (const path of ['/zzz', '/toolspage/a/b', '/tools', '/admin/tools', '//about', 'about', '/info', '/toolspage/details']) {
      expect({ path, match: matchWebPage(path)?.path ?? null }).toEqual({ path, match: path === '/toolspage/details' ? WebPagePaths.sheetBySlug : null });
    }
  });

  it('names the tool of a sheet’s three addresses only', () => {
    expect(sheetIdentifierOf('/toolspage/kit-rgpd')).toBe('kit-rgpd');
    expect(sheetIdentifierOf('/toolspage/details/12/')).toBe('12');
    expect(sheetIdentifierOf('/tools/plan%20a')).toBe('plan%20a');
    for (const path of ['/toolspage/for-you', '/toolspage/favorites', '/toolspage/folders', '/toolspage', '/zzz', '/dossiers/abc']) expect(sheetIdentifierOf(path)).toBeNull();
  });

  it('writes the same sheets as a regular expression for the start script', () => {
    const pattern = new RegExp(SHEET_PATH_PATTERN);
    for (const path of ['/toolspage/kit-rgpd', '/toolspage/details/12', '/tools/7', '/tools/favorites', '/toolspage/kit/', '/toolspage/for-you', '/toolspage/favorites/', '/toolspage/folders', '/toolspage', '/toolspage/a/b', '/zzz']) {
      expect({ path, sheet: pattern.test(path) }).toEqual({ path, sheet: sheetIdentifierOf(path) !== null });
    }
  });

  it('says which paths show the 404 page and which pages the server renders', () => {
    expect(isNotFoundPage('/zzz')).toBe(true);
    expect(isNotFoundPage('/info/404')).toBe(true);
    expect(isNotFoundPage('/toolspage/for-you')).toBe(false);
    expect(isNotFoundPage('/toolspage/outil-inconnu')).toBe(false);
    for (const path of ['/', '/toolspage', '/toolspage/for-you', '/toolspage/kit', '/tools/3', '/about', '/info/cgu']) expect(isServerRenderedPage(path)).toBe(true);
    for (const path of ['/admin', '/login', '/profile', '/toolspage/favorites', '/toolspage/folders', '/diagnostic', '/zzz', '/info/404']) expect(isServerRenderedPage(path)).toBe(false);
  });
});
