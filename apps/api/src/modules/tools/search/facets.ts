import { DIFFICULTIES, type ListingFacets } from '@outils/contracts';

/** Options in a stable order (ids ascending, difficulties in their order), so equal counts give equal bytes. */
export function sortedFacets(facets: ListingFacets): ListingFacets {
  return {
    categories: [...facets.categories].sort((a, b) => a.id - b.id),
    types: [...facets.types].sort((a, b) => a.id - b.id),
    difficulties: [...facets.difficulties].sort((a, b) => DIFFICULTIES.indexOf(a.id) - DIFFICULTIES.indexOf(b.id)),
    accessible: facets.accessible,
  };
}
