/**
 * The listing's search, as pure functions (docs/product/rules.md#R600–R603): the visitor's text
 * cut into words, each word looked up as a beginning (`cyber` finds 'Cybersécurité'), and a word
 * that begins no known word widened to the known words one typo away (`cybersecurte`). The SQL
 * is written by `ToolsRepository` from a `SearchPlan`; nothing the visitor types reaches
 * `to_tsquery` but letters and digits.
 */

/** At most this many words are searched (the rest of a long text is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** A word longer than this is cut (no French word is longer). */
export const MAX_WORD_LENGTH = 40;
/** Words this long or longer are corrected when they begin no known word (docs/product/rules.md#R601). */
export const TYPO_MIN_LENGTH = 5;
/**
 * A beginning shared by at most this many known words is searched as those words (exact terms,
 * which the planner estimates well and the GIN index finds directly); a shorter, commoner
 * beginning is searched as a prefix (`'co':*`).
 */
export const MAX_COMPLETIONS = 12;
/**
 * Relevance ranks at most this many matches of a search, the newest; the others follow newest
 * first (docs/product/rules.md#R610). Ranking reads every ranked tool's words: bounded, a search
 * that matches a fifth of 100 000 tools costs the same as one that matches a thousand.
 */
export const RANKED_MATCHES = 1000;

export interface SearchTerm {
  /** As typed (letters and digits only); `to_tsquery` stems it and folds its accents. */
  word: string;
  /** Lower case, accents folded: how the dictionary of words (`search_word`) writes it. */
  folded: string;
  /** Known words that replace a misspelt one (matched whole, stemmed). */
  alternatives: string[];
  /** The known words it begins (at most MAX_COMPLETIONS); null: more than that. */
  completions: string[] | null;
}

export interface SearchPlan {
  terms: SearchTerm[];
  /** Words after a '-' (`-rgpd`): tools holding them are left out. */
  excluded: string[];
}

/**
 * What the dictionary says of a folded word: the known words it begins (up to MAX_COMPLETIONS + 1),
 * and when there is none, its nearest known words (trigrams).
 */
export interface WordLookup {
  folded: string;
  completions: string[];
  near: string[];
}

const WORD = /(^|[^\p{L}\p{N}])(-?)([\p{L}\p{N}]+)/gu;

/** Lower case without accents or ligatures: 'Sécurité' → 'securite', 'Œuvre' → 'oeuvre'. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** The words of the visitor's text, in order, without repeats; `-word` is an exclusion. */
export function searchWords(text: string): { words: string[]; excluded: string[] } {
  const words: string[] = [];
  const excluded: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    const word = match[3].slice(0, MAX_WORD_LENGTH);
    const key = fold(word);
    if (seen.has(key)) continue;
    seen.add(key);
    if (match[2] === '-') excluded.push(word);
    else words.push(word);
    if (words.length + excluded.length >= MAX_SEARCH_WORDS) break;
  }
  return { words, excluded };
}

/**
 * The plan from the words and what the dictionary says of them. `strict` (the listing): a word
 * is widened only to known words at most one typo away (insertion, deletion, substitution or two
 * letters swapped). Otherwise (the closest suggestions when nothing matched, #R603): to its three
 * nearest known words, whatever the distance the trigram index allowed, and a word near no known
 * word is left out.
 */
export function buildPlan(words: string[], excluded: string[], lookups: WordLookup[], strict: boolean): SearchPlan {
  const terms = words.map((word, i) => {
    const lookup = lookups[i];
    const folded = lookup?.folded ?? fold(word);
    const known = !lookup || lookup.completions.length > 0;
    const completions = !lookup ? null : lookup.completions.length > MAX_COMPLETIONS ? null : lookup.completions;
    let alternatives: string[] = [];
    if (!known) {
      alternatives = strict
        ? folded.length >= TYPO_MIN_LENGTH ? lookup.near.filter((w) => editDistance(folded, w) <= 1) : []
        : lookup.near.slice(0, 3);
    }
    return { word, folded, alternatives, completions, known };
  });
  // The closest: a word that is near no known word is left out rather than matching nothing.
  const kept = strict ? terms : terms.filter((t) => t.known || t.alternatives.length > 0);
  return { terms: kept.map(({ known: _known, ...term }) => term), excluded };
}

/**
 * `to_tsquery` texts of one word (letters and digits only, so never query syntax): stemmed
 * (`french_unaccent`), the word or one of its corrections, so that 'factures' finds 'facture';
 * as written (`simple_unaccent`), the known words it begins, or its beginning when they are many.
 */
export function stemmedQueryText(term: SearchTerm): string {
  return [`'${term.word}'`, ...term.alternatives.map((w) => `'${w}'`)].join(' | ');
}

export function plainQueryText(term: SearchTerm): string {
  if (term.completions === null) return `'${term.folded}':*`;
  return term.completions.length ? term.completions.map((w) => `'${w}'`).join(' | ') : `'${term.folded}'`;
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), capped: above `cap` it answers `cap + 1`. */
export function editDistance(a: string, b: string, cap = 2): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length], cap + 1);
}

/**
 * Where the words begin words of `text` (accents and case ignored): `[start, end)` offsets in
 * `text`, sorted, merged when they touch. The suggestions mark these parts (docs/product/rules.md#R602).
 */
export function highlights(text: string, words: string[]): Array<[number, number]> {
  // The folded text, and for each of its characters the offset of the character it came from.
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i) as number);
    for (const f of fold(char)) {
      folded += f;
      origin.push(i);
    }
    i += char.length;
  }
  origin.push(text.length);
  const ranges: Array<[number, number]> = [];
  const targets = [...new Set(words.map(fold).filter(Boolean))];
  for (let i = 0; i < folded.length; i += 1) {
    if (i > 0 && /[\p{L}\p{N}]/u.test(folded[i - 1])) continue;
    let longest = 0;
    for (const target of targets) if (target.length > longest && folded.startsWith(target, i)) longest = target.length;
    if (!longest) continue;
    const start = origin[i];
    const endIndex = i + longest;
    // The end: after the last folded character's source character (an accented letter stays whole).
    const end = endIndex < origin.length - 1 ? nextOrigin(origin, endIndex - 1) : text.length;
    const last = ranges[ranges.length - 1];
    if (last && last[1] >= start) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

function nextOrigin(origin: number[], index: number): number {
  const from = origin[index];
  for (let k = index + 1; k < origin.length; k += 1) if (origin[k] !== from) return origin[k];
  return origin[origin.length - 1];
}
