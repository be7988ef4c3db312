/**
 * Text that both databases store alike. PostgreSQL `text` cannot hold U+0000 (it refuses the
 * whole statement) while SQLite keeps it, so every text value taken from mail has each U+0000
 * replaced by U+FFFD (the Unicode replacement character) before it is stored: the same on both
 * dialects. Bytes (raw messages, attachment contents) are never touched.
 */
const NUL = /\u0000/g;

export const REPLACEMENT_CHARACTER = '\uFFFD';

/** `text` with every U+0000 replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replace(NUL, REPLACEMENT_CHARACTER) : text;
}

/**
 * A copy of `value` with every string in it made storable (storableText), however deep in
 * arrays and plain objects, keys included; Buffers, typed arrays and Dates are kept as they are.
 */
export function storableTexts<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => storableTexts(item)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[storableText(key)] = storableTexts(item);
  return out as T;
}
