/** Conversions between portable column encodings and domain values. */
export const toMillis = (d: Date): number => d.getTime();
export const fromMillis = (n: number): Date => new Date(Number(n));
export const fromMillisOrNull = (n: number | null): Date | null => (n === null ? null : fromMillis(n));
export const toMillisOrNull = (d: Date | null | undefined): number | null => (d ? d.getTime() : null);
export const flag = (b: boolean): number => (b ? 1 : 0);
export const isSet = (n: number): boolean => Number(n) === 1;

/** LIKE pattern for a case-insensitive "contains" match, with the user's % and _ taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
