/**
 * Keyword search that works the same on PGlite and PostgreSQL without pg_trgm: goods are indexed
 * by every character and every pair of adjacent characters of their normalised search text; a
 * keyword is looked up by its pairs (or its one character), then confirmed by substring match.
 */

/** NFKC folds full-width letters and digits to ASCII; lower-case makes Latin case-insensitive. */
export function normalizeSearchText(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // Control characters (NUL among them) cannot be stored in a Postgres text value.
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

/** Index terms of a normalised text: each character and each adjacent pair within a word. */
export function indexTerms(normalized: string): string[] {
  const terms = new Set<string>();
  for (const word of normalized.split(' ')) {
    const chars = Array.from(word);
    chars.forEach((char, i) => {
      terms.add(char);
      if (i + 1 < chars.length) terms.add(char + chars[i + 1]);
    });
  }
  return [...terms];
}

/** Terms a word must have in the index to possibly contain it. */
export function queryTerms(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length === 1) return chars;
  const terms = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i] + chars[i + 1]);
  return [...terms];
}

/** Splits a raw keyword into normalised words (at most `maxWords`, longest first kept). */
export function keywordWords(keyword: string, maxWords = 5): string[] {
  const normalized = normalizeSearchText(keyword);
  if (!normalized) return [];
  return [...new Set(normalized.split(' '))].slice(0, maxWords);
}
