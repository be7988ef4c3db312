/**
 * The number ranges the simulated carrier allocates from, per country. Defaults are ranges set
 * aside for fiction and tests, which can never ring a real subscriber: NANP 555-0100 to
 * 555-0199 (reserved for fictional use by NANPA) in a few US and Canadian area codes, and
 * Ofcom's drama range 07700 900000 to 900999 for the UK.
 */
export interface PhoneRange {
  /** ISO 3166 alpha-2, as the client's phoneCountry */
  country: string;
  /** first and last number, E.164, the same length */
  first: string;
  last: string;
}

export const DEFAULT_PHONE_RANGES =
  'US:+12015550100-+12015550199,US:+12025550100-+12025550199,US:+13125550100-+13125550199,US:+14155550100-+14155550199,' +
  'CA:+14165550100-+14165550199,CA:+16045550100-+16045550199,' +
  'GB:+447700900000-+447700900999';

/** Most numbers one range may hold: allocation looks at a range in chunks, and a typo should not make a billion. */
export const MAX_RANGE_SIZE = 1_000_000;

const ENTRY = /^([A-Z]{2}):\+(\d{4,15})-\+(\d{4,15})$/;

/** Parses `CC:+first-+last,...`; throws an Error naming each bad entry (the config reports it). */
export function parsePhoneRanges(text: string): PhoneRange[] {
  const problems: string[] = [];
  const ranges: PhoneRange[] = [];
  for (const raw of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = ENTRY.exec(raw.toUpperCase());
    if (!match) {
      problems.push(`"${raw}" is not COUNTRY:+FIRST-+LAST (like GB:+447700900000-+447700900999)`);
      continue;
    }
    const [, country, first, last] = match as unknown as [string, string, string, string];
    if (first.length !== last.length) problems.push(`"${raw}": first and last must have the same number of digits`);
    else if (BigInt(first) > BigInt(last)) problems.push(`"${raw}": first is after last`);
    else if (BigInt(last) - BigInt(first) + 1n > BigInt(MAX_RANGE_SIZE)) problems.push(`"${raw}": more than ${MAX_RANGE_SIZE} numbers`);
    else ranges.push({ country, first: `+${first}`, last: `+${last}` });
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return ranges;
}

export const rangeSize = (range: PhoneRange): number => Number(BigInt(range.last.slice(1)) - BigInt(range.first.slice(1)) + 1n);

/** The number at `offset` in the range, E.164 with its leading zeros kept. */
export function numberAt(range: PhoneRange, offset: number): string {
  const digits = (BigInt(range.first.slice(1)) + BigInt(offset)).toString();
  return `+${digits.padStart(range.first.length - 1, '0')}`;
}

/**
 * Every number of the country's ranges, in chunks of `chunk`, starting at a random place (so
 * two allocations at once rarely try the same number first) and wrapping around.
 */
export function* candidateChunks(ranges: PhoneRange[], country: string, chunk: number, random: () => number = Math.random): Generator<string[]> {
  const mine = ranges.filter((r) => r.country === country);
  const total = mine.reduce((n, r) => n + rangeSize(r), 0);
  if (total === 0) return;
  const start = Math.floor(random() * total);
  const at = (i: number): string => {
    let index = (start + i) % total;
    for (const range of mine) {
      const size = rangeSize(range);
      if (index < size) return numberAt(range, index);
      index -= size;
    }
    throw new Error('unreachable: index within total');
  };
  for (let i = 0; i < total; i += chunk) {
    yield Array.from({ length: Math.min(chunk, total - i) }, (_, j) => at(i + j));
  }
}
