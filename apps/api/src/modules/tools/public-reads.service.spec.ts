import { withFavorites } from './public-reads.service';

/** A listing page as the read model writes it: each tool's JSON with its `isFavorite`. */
const page = (ids: number[], favorites: ReadonlySet<number> = new Set()) => JSON.stringify({
  tools: ids.map((id) => ({ id, name: `Outil ${id}`, description: 'piège : "isFavorite":false dans un texte', isFavorite: favorites.has(id), images: [] })),
  page: 1,
  lastPage: 1,
  total: ids.length,
  facets: { categories: [{ id: 1, count: 2 }] },
});

describe('withFavorites: a member\'s listing from the guest\'s kept bytes (docs/product/rules.md#R863)', () => {
  it('sets the member\'s stars and nothing else: the bytes the page built for them would have', () => {
    const guest = Buffer.from(page([5, 7, 9]));
    expect(withFavorites(guest, new Set([7, 9, 42]))?.toString()).toBe(page([5, 7, 9], new Set([7, 9])));
    expect(withFavorites(guest, new Set([5]))?.toString()).toBe(page([5, 7, 9], new Set([5])));
  });

  it('gives the guest\'s very bytes when none of the page is a favourite, and nothing for a body it cannot read as a page', () => {
    const guest = Buffer.from(page([5, 7]));
    expect(withFavorites(guest, new Set([1]))).toBe(guest);
    expect(withFavorites(Buffer.from('{"tool":{"id":1,"isFavorite":false}}'), new Set([1]))).toBeUndefined();
    expect(withFavorites(Buffer.from('pas du JSON'), new Set([1]))).toBeUndefined();
  });
});
