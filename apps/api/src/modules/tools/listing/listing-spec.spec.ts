import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import type { AuthUser } from '../../../common/auth/auth-user';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../../common/errors/domain-error';
import { ToolsQueryDto } from '../dto/tools-query.dto';
import { assertKnownFilters, lastPageOf, listingCriteria, listingKey, listingSpec } from './listing-spec';

const query = (over: Partial<ToolsQueryDto> = {}) => Object.assign(new ToolsQueryDto(), over);
const member: AuthUser = { id: '11111111-1111-4111-8111-111111111111', email: 'm@example.com', isAdmin: false, sessionId: 's1' };
const admin: AuthUser = { ...member, id: '22222222-2222-4222-8222-222222222222', isAdmin: true };

describe('the listing specification (docs/product/rules.md#R872)', () => {
  it('refuses onlyFavorites to a guest (401), and the admin listing to a guest (401) and a member (403)', () => {
    expect(() => listingSpec(query({ onlyFavorites: true }), undefined)).toThrow(new UnauthorizedError(CatalogueMessages.favoritesNeedLogin));
    expect(() => listingSpec(query({ max: 50 }), undefined)).toThrow(new UnauthorizedError(CommonMessages.unauthorized));
    expect(() => listingSpec(query({ max: 50 }), member)).toThrow(new ForbiddenError(CommonMessages.forbidden));
    expect(listingSpec(query({ max: 50 }), admin)).toMatchObject({ admin: true, pageSize: 50 });
  });

  it('names the member whose favourites are asked for, never another', () => {
    expect(listingSpec(query({ onlyFavorites: true }), member).favoritesOf).toBe(member.id);
    expect(listingSpec(query(), member).favoritesOf).toBeUndefined();
  });

  it('refuses a topic or a type that does not exist with the 400 of its filter', () => {
    const known = { categories: [{ id: 1, name: 'A' }], types: [{ id: 2, name: 'T' }] };
    expect(() => assertKnownFilters({ categories: [1], types: [2] }, known)).not.toThrow();
    expect(() => assertKnownFilters({ categories: [1, 9], types: [] }, known)).toThrow(new BadRequestError(CatalogueMessages.unknownFilter('Sujet')));
    expect(() => assertKnownFilters({ categories: [], types: [3] }, known)).toThrow(new BadRequestError(CatalogueMessages.unknownFilter('Type d’outils')));
  });

  it('orders by relevance only while searching, and pages by the page size (docs/product/rules.md#R605)', () => {
    const plan = { terms: [{ word: 'devis', folded: 'devis', alternatives: [], completions: ['devis'] }], excluded: [] };
    expect(listingCriteria(listingSpec(query({ page: 3 }), undefined), undefined)).toMatchObject({ order: 'recent', limit: 12, offset: 24, includeUnpublished: false });
    expect(listingCriteria(listingSpec(query({ sort: 'relevance' }), undefined), undefined).order).toBe('recent');
    expect(listingCriteria(listingSpec(query({ q: 'devis' }), undefined), plan).order).toBe('relevance');
    expect(listingCriteria(listingSpec(query({ q: 'devis', sort: 'popular' }), undefined), plan).order).toBe('popular');
    expect(listingCriteria(listingSpec(query({ max: 100 }), admin), undefined)).toMatchObject({ limit: 100, includeUnpublished: true });
  });

  it('offers pages up to the last one served (docs/product/rules.md#R182) and keys answers by every parameter that changes them', () => {
    expect([lastPageOf(0, 12), lastPageOf(13, 12), lastPageOf(100_000, 12)]).toEqual([1, 2, 1000]);
    const keys = [query(), query({ page: 2 }), query({ categories: [1] }), query({ types: [1] }), query({ difficulties: ['Simple'] }), query({ q: 'a' }), query({ sort: 'shortest' }), query({ accessibleOnly: true })]
      .map((q) => listingKey(listingSpec(q, undefined)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
