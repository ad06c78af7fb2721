import { CatalogueMessages } from '@outils/contracts';
import { BadRequestError } from '../../common/errors/domain-error';
import { parseToolsQuery } from './tools-query';

const rejects = (raw: Record<string, unknown>, message: string) => {
  let caught: unknown;
  try {
    parseToolsQuery(raw);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(BadRequestError);
  expect((caught as BadRequestError).message).toBe(message);
};

describe('parseToolsQuery', () => {
  it('defaults to page 1, no filter, no favourites-only', () => {
    expect(parseToolsQuery({})).toEqual({
      page: 1, categories: [], types: [], difficulties: [], onlyFavorites: false, max: undefined, q: undefined, sort: undefined,
    });
  });

  it('accepts arrays and single values, dedupes and canonicalises difficulties', () => {
    const parsed = parseToolsQuery({
      page: '3', categories: ['1', '2', '2'], types: '4', difficulties: ['simple', 'Moyen'], onlyFavorites: 'true', max: '100', q: ' sécurité ', sort: 'popular',
      email: 'x@example.com', token: 'abc',
    });
    expect(parsed).toEqual({
      page: 3, categories: [1, 2], types: [4], difficulties: ['Simple', 'Moyen'], onlyFavorites: true, max: 100, q: 'sécurité', sort: 'popular',
    });
  });

  it.each([['0'], ['-1'], ['1.5'], ['abc'], ['1e3'], [['1', '2']], [{ a: '1' }], ['99999999999']])('refuses page=%p', (page) => {
    rejects({ page }, CatalogueMessages.invalidPage);
  });

  it.each([[['x']], ['0'], [['1', '']], [{ 0: { a: 1 } }], ['2147483648'], ["1' OR 1=1"]])('refuses categories=%p', (categories) => {
    rejects({ categories }, CatalogueMessages.invalidFilter('Sujet'));
  });

  it('refuses an unknown difficulty, a bad onlyFavorites, max and sort', () => {
    rejects({ difficulties: ['Facile'] }, CatalogueMessages.invalidFilter('Difficulté'));
    rejects({ onlyFavorites: 'yes' }, CatalogueMessages.invalidOnlyFavorites);
    rejects({ max: '101' }, CatalogueMessages.invalidMax);
    rejects({ max: '0' }, CatalogueMessages.invalidMax);
    rejects({ sort: 'name' }, CatalogueMessages.invalidSort);
  });

  it('refuses a search that is too long or holds a NUL character', () => {
    rejects({ q: 'a'.repeat(201) }, CatalogueMessages.invalidSearch);
    rejects({ q: 'a\u0000b' }, CatalogueMessages.invalidSearch);
    rejects({ q: ['a', 'b'] }, CatalogueMessages.invalidSearch);
  });

  it('refuses more than 50 values in one filter', () => {
    rejects({ types: Array.from({ length: 51 }, (_, i) => String(i + 1)) }, CatalogueMessages.tooManyFilterValues('Type d’outils'));
  });
});
