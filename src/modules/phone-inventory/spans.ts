/** The configured ranges of a country as non-overlapping spans, and walking their numbers. */
import type { PhoneRange } from '../../core/phone-ranges.js';
import type { NumberSpan } from '../../storage/ports.js';

const digits = (e164: string): bigint => BigInt(e164.slice(1));
const e164Of = (value: bigint, length: number): string => `+${value.toString().padStart(length, '0')}`;

/** The ranges of `country`, overlapping or touching ones merged (by number length), in order. */
export function spansOf(ranges: readonly PhoneRange[], country: string): NumberSpan[] {
  const mine = ranges.filter((r) => r.country === country)
    .map((r) => ({ first: r.first, last: r.last }))
    .sort((a, b) => a.first.length - b.first.length || (digits(a.first) < digits(b.first) ? -1 : digits(a.first) > digits(b.first) ? 1 : 0));
  const merged: NumberSpan[] = [];
  for (const span of mine) {
    const previous = merged.at(-1);
    if (previous && previous.first.length === span.first.length && digits(span.first) <= digits(previous.last) + 1n) {
      if (digits(span.last) > digits(previous.last)) previous.last = span.last;
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}

export const spanSize = (span: NumberSpan): number => Number(digits(span.last) - digits(span.first) + 1n);

/** true when the E.164 number lies in one of the spans */
export function inSpans(spans: readonly NumberSpan[], e164: string): boolean {
  if (!/^\+\d+$/.test(e164)) return false;
  const value = digits(e164);
  return spans.some((s) => s.first.length === e164.length && value >= digits(s.first) && value <= digits(s.last));
}

/** Every number of the spans in order, in chunks of `chunk`. */
export function* numbersOf(spans: readonly NumberSpan[], chunk: number): Generator<string[]> {
  for (const span of spans) {
    const first = digits(span.first);
    const size = BigInt(spanSize(span));
    for (let offset = 0n; offset < size; offset += BigInt(chunk)) {
      const count = Number(size - offset < BigInt(chunk) ? size - offset : BigInt(chunk));
      yield Array.from({ length: count }, (_, i) => e164Of(first + offset + BigInt(i), span.first.length - 1));
    }
  }
}
