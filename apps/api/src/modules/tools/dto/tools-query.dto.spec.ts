import { CatalogueMessages } from '@outils/contracts';
import { FieldValidationError } from '../../../common/errors/domain-error';
import { createValidationPipe } from '../../../common/validation/validation.pipe';
import { ToolsQueryDto } from './tools-query.dto';

const pipe = createValidationPipe();
/** What the handler receives for this query string, as the global pipe builds it. */
const parseToolsQuery = async (raw: Record<string, unknown>) => ({ ...(await pipe.transform(raw, { type: 'query', metatype: ToolsQueryDto })) });

const rejects = async (raw: Record<string, unknown>, message: string) => {
  const caught = await parseToolsQuery(raw).catch((error: unknown) => error);
  expect(caught).toBeInstanceOf(FieldValidationError);
  expect((caught as FieldValidationError).message).toBe(message);
};

describe('ToolsQueryDto', () => {
  it('defaults to page 1, no filter, no favourites-only', async () => {
    expect(await parseToolsQuery({})).toEqual({
      page: 1, categories: [], types: [], difficulties: [], onlyFavorites: false, accessibleOnly: false, max: undefined, q: undefined, sort: undefined,
    });
  });

  it('accepts arrays and single values, dedupes and canonicalises difficulties', async () => {
    const parsed = await parseToolsQuery({
      page: '3', categories: ['1', '2', '2'], types: '4', difficulties: ['simple', 'Moyen'], onlyFavorites: 'true', max: '100', q: ' sécurité ', sort: 'popular',
      email: 'x@example.com', token: 'abc',
    });
    expect(parsed).toEqual({
      page: 3, categories: [1, 2], types: [4], difficulties: ['Simple', 'Moyen'], onlyFavorites: true, accessibleOnly: false, max: 100, q: 'sécurité', sort: 'popular',
    });
  });

  it.each([['0'], ['-1'], ['1.5'], ['abc'], ['1e3'], [['1', '2']], [{ a: '1' }], ['99999999999']])('refuses page=%p', async (page) => {
    await rejects({ page }, CatalogueMessages.invalidPage);
  });

  it.each([[['x']], ['0'], [['1', '']], [{ 0: { a: 1 } }], ['2147483648'], ["1' OR 1=1"]])('refuses categories=%p', async (categories) => {
    await rejects({ categories }, CatalogueMessages.invalidFilter('Sujet'));
  });

  it('refuses an unknown difficulty, a bad onlyFavorites, max and sort', async () => {
    await rejects({ difficulties: ['Facile'] }, CatalogueMessages.invalidFilter('Difficulté'));
    await rejects({ onlyFavorites: 'yes' }, CatalogueMessages.invalidOnlyFavorites);
    await rejects({ max: '101' }, CatalogueMessages.invalidMax);
    await rejects({ max: '0' }, CatalogueMessages.invalidMax);
    await rejects({ sort: 'name' }, CatalogueMessages.invalidSort);
  });

  it('refuses a search that is too long or holds a NUL character', async () => {
    await rejects({ q: 'a'.repeat(201) }, CatalogueMessages.invalidSearch);
    await rejects({ q: 'a\u0000b' }, CatalogueMessages.invalidSearch);
    await rejects({ q: ['a', 'b'] }, CatalogueMessages.invalidSearch);
  });

  it('serves page 1000 and refuses the pages past it', async () => {
    expect((await parseToolsQuery({ page: '1000' })).page).toBe(1000);
    await rejects({ page: '1001' }, CatalogueMessages.pageTooFar(1000));
  });

  it('refuses more than 50 values in one filter', async () => {
    await rejects({ types: Array.from({ length: 51 }, (_, i) => String(i + 1)) }, CatalogueMessages.tooManyFilterValues('Type d’outils'));
  });
});
