/** Milliseconds per unit a duration setting may be written in. */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Longest duration a setting may name: a hundred years, far inside a safe integer. */
const MAX_DURATION_MS = 100 * 365 * UNIT_MS.d!;

/**
 * A duration setting in milliseconds: a bare whole number is milliseconds, as every other
 * duration setting is read; a unit (`45s`, `90m`, `12h`, `30d`) is allowed for the long ones an
 * operator thinks of in days. Undefined when the text is neither (or over a hundred years).
 * Six lines of regex rather than a dependency such as `ms`, which also reads fractions, weeks
 * and years of 365.25 days, more than a setting should guess at.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d{1,15})\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? 'ms').toLowerCase()]!;
  return ms <= MAX_DURATION_MS ? ms : undefined;
}
