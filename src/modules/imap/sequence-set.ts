/** One range of an IMAP sequence set (RFC 3501 §9); '*' is the largest number in use. */
export type SequenceRange = [number | '*', number | '*'];

const NUMBER = /^[1-9]\d{0,9}$/;

/** Parses a sequence set such as 1:3,5,7:*; undefined when it is not one. */
export function parseSequenceSet(text: string): SequenceRange[] | undefined {
  const ranges: SequenceRange[] = [];
  for (const part of text.split(',')) {
    const bounds = part.split(':');
    if (bounds.length > 2) return undefined;
    const parsed: Array<number | '*'> = [];
    for (const bound of bounds) {
      if (bound === '*') parsed.push('*');
      else if (NUMBER.test(bound) && Number(bound) <= 0xffffffff) parsed.push(Number(bound));
      else return undefined;
    }
    ranges.push([parsed[0]!, parsed[1] ?? parsed[0]!]);
  }
  return ranges;
}

/** Whether n is in the set; `largest` stands for '*' (a:b means the same as b:a). */
export function inSequenceSet(ranges: SequenceRange[], n: number, largest: number): boolean {
  return ranges.some(([a, b]) => {
    const from = a === '*' ? largest : a;
    const to = b === '*' ? largest : b;
    return n >= Math.min(from, to) && n <= Math.max(from, to);
  });
}
