import { buildFilterParams, buildToolsQueryString, hasActiveFilters, readListingUrl, writeListingUrl } from '../utils/tools-query';

describe('listing query (docs/product/rules.md#R72)', () => {
  it('builds repeated categories[]=, types[]=, difficulties[]= joined with &', () => {
    expect(buildFilterParams({ categories: [1, 3], types: [2], difficulties: ['Simple', 'Complexe'] })).toBe(
      'categories[]=1&categories[]=3&types[]=2&difficulties[]=Simple&difficulties[]=Complexe',
    );
    expect(buildFilterParams({ categories: [], types: [], difficulties: [] })).toBe('');
  });

  it('adds the page, onlyFavorites (true/false) and the search', () => {
    expect(buildToolsQueryString({ page: 2, categories: [4], types: [], difficulties: [], onlyFavorites: false, q: '' })).toBe(
      'page=2&categories[]=4&onlyFavorites=false',
    );
    expect(buildToolsQueryString({ page: 1, categories: [], types: [], difficulties: ['Moyen'], onlyFavorites: true, q: ' sécurité & co ' })).toBe(
      'page=1&difficulties[]=Moyen&onlyFavorites=true&q=s%C3%A9curit%C3%A9%20%26%20co',
    );
  });

  it('reads the page URL, dropping unknown values, and writes it back', () => {
    const state = readListingUrl(new URLSearchParams('categories=1&categories=x&categories=3&types=2&difficulties=Simple&difficulties=Facile&q=rgpd&page=3'));
    expect(state).toEqual({ page: 3, categories: [1, 3], types: [2], difficulties: ['Simple'], accessibleOnly: false, q: 'rgpd', sort: undefined });
    expect(writeListingUrl(state).toString()).toBe('categories=1&categories=3&types=2&difficulties=Simple&q=rgpd&page=3');
    expect(readListingUrl(new URLSearchParams('page=-2')).page).toBe(1);
    expect(writeListingUrl({ ...state, page: 1 }).has('page')).toBe(false);
    // docs/product/rules.md#R605: the order is in the URL like the filters; an unknown one is dropped.
    expect(readListingUrl(new URLSearchParams('sort=shortest')).sort).toBe('shortest');
    expect(readListingUrl(new URLSearchParams('sort=name')).sort).toBeUndefined();
    expect(writeListingUrl({ ...state, sort: 'popular' }).get('sort')).toBe('popular');
  });

  it('keeps « Documents accessibles » in the page URL as documents=accessibles and asks accessibleOnly=true (docs/product/rules.md#R950)', () => {
    const state = readListingUrl(new URLSearchParams('documents=accessibles&types=2'));
    expect(state.accessibleOnly).toBe(true);
    expect(readListingUrl(new URLSearchParams('documents=autres')).accessibleOnly).toBe(false);
    expect(writeListingUrl(state).toString()).toBe('types=2&documents=accessibles');
    expect(writeListingUrl({ ...state, accessibleOnly: false }).has('documents')).toBe(false);
    expect(hasActiveFilters({ ...state, types: [] })).toBe(true);
    expect(buildToolsQueryString({ ...state, onlyFavorites: false })).toBe('page=1&types[]=2&accessibleOnly=true&onlyFavorites=false');
  });
});
