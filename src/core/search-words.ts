/**
 * The words of a text as the full-text search index holds them, and as a search looks them up:
 * lower case, accents removed (é → e), split at everything that is not a letter or a digit.
 * Both databases get text already split this way, so SQLite's FTS5 tokenizer and PostgreSQL's
 * text-search parser (which would otherwise keep `alice@example.com` or `report.pdf` as one
 * token, and treat hyphens and numbers in their own ways) find the same words on both.
 * An address is therefore the words `alice example com`; a search for it is that phrase.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** The words of a text joined by single spaces: what is given to the index. */
export const searchText = (text: string | null | undefined): string => (text ? searchWords(text).join(' ') : '');
