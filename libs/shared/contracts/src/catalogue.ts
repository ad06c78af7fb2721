/** Difficulty values (docs/product/rules.md#R70): the ids `/api/filters` returns and the tool form sends. */
export const DIFFICULTIES = ['Simple', 'Moyen', 'Complexe'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Tool form index mapping of docs/product/rules.md#R128: 0 Simple, 1 Moyen, 2 Complexe, anything else null. */
export function difficultyFromIndex(index: unknown): Difficulty | null {
  const n = typeof index === 'string' && index.trim() !== '' ? Number(index) : index;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < DIFFICULTIES.length ? DIFFICULTIES[n] : null;
}

export const LISTING_PAGE_SIZE = 12;
export const ADMIN_LISTING_MAX = 100;

/** Accepted uploads (docs/product/rules.md#R130). Checked by content on the server, offered by the web pickers. */
export const TOOL_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'csv', 'xlsx', 'xls', 'jpg', 'png'] as const;
export const TOOL_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const DEFAULT_MAX_TOOL_FILE_MB = 50;
export const DEFAULT_MAX_IMAGE_MB = 5;

export const NEWSLETTER_SOURCES = ['home', 'popup', 'download', 'profile'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** docs/product/rules.md#R605: newest, most downloaded, shortest duration (none last), relevance (with a search). */
export const LISTING_SORTS = ['recent', 'popular', 'shortest', 'relevance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** Pictogram of a tool type (docs/product/rules.md#R87): the name lower-cased, spaces turned into hyphens. */
export function typePictogramPath(typeName: string): string {
  return `/images/types/${typeName.toLowerCase().replace(/\s+/g, '-')}.svg`;
}

/**
 * A download link that could not serve its file, as the API tells the tool sheet when it sends a
 * browser there (`/toolspage/{slug}?telechargement=expire`).
 */
export const DOWNLOAD_LINK_PROBLEM_PARAM = 'telechargement';
export const DOWNLOAD_LINK_PROBLEMS = ['expire', 'invalide', 'introuvable', 'indisponible'] as const;
export type DownloadLinkProblem = (typeof DOWNLOAD_LINK_PROBLEMS)[number];
