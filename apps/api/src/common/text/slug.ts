import slugify from 'slugify';

const MAX_BASE_LENGTH = 150;
/** Path segments that `/tools/…` routes use; a slug must never equal them. */
const RESERVED = new Set(['download', 'file', 'images', 'featured', 'new', 'edit', 'details', 'favorites']);

/** The slug of a name: French accents folded, lower case, hyphens; never only digits (ids are). */
export function baseSlug(name: string): string {
  const folded = slugify(name.replace(/['’`]/g, ' '), { lower: true, strict: true, locale: 'fr', trim: true });
  let slug = folded.slice(0, MAX_BASE_LENGTH).replace(/-+$/, '');
  if (!slug) slug = 'outil';
  if (/^\d+$/.test(slug)) slug = `outil-${slug}`;
  return slug;
}

/** `base`, else `base-2`, `base-3`… — the first one not in `taken`. */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base) && !RESERVED.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
