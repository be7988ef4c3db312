/**
 * What every in-memory repository needs to answer like the SQL ones: order by createdAt
 * then id, a page of that order with the total, case-insensitive "contains", and copies
 * in and out so a caller holding a record cannot change what is stored (a database
 * hands out fresh rows on every read).
 */
import type { PageRequest, SortDirection } from '../../src/core/paging.js';
import type { Slice } from '../../src/storage/ports.js';

/** `items` by createdAt, then id (as strings compare in SQL's binary collation), in `sort` direction. */
export function ordered<T extends { createdAt: Date; id: string }>(items: Iterable<T>, sort: SortDirection = 'ASC'): T[] {
  const sign = sort === 'DESC' ? -1 : 1;
  return [...items].sort((a, b) => {
    const byTime = a.createdAt.getTime() - b.createdAt.getTime();
    if (byTime !== 0) return sign * byTime;
    return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/** One page of the already ordered `items`, with their count as the total. */
export function pageOf<T>(items: T[], page: PageRequest): Slice<T> {
  const offset = page.page * page.size;
  return { items: items.slice(offset, offset + page.size), total: items.length };
}

/** SQL's `lower(column) like '%text%'`: null never matches. */
export function contains(value: string | null | undefined, text: string): boolean {
  return value !== null && value !== undefined && value.toLowerCase().includes(text.toLowerCase());
}

/** createdAt strictly after `since` and strictly before `before`, as every port documents. */
export function inRange(at: Date, filter: { since?: Date; before?: Date }): boolean {
  if (filter.since && !(at.getTime() > filter.since.getTime())) return false;
  if (filter.before && !(at.getTime() < filter.before.getTime())) return false;
  return true;
}

/** A deep copy of a record (Dates stay Dates); Buffers are copied with `bytes`. */
export const copy = <T>(record: T): T => structuredClone(record);

export const bytes = (content: Buffer): Buffer => Buffer.from(content);

/** What a unique index does to a second row with the same key. */
export class UniqueViolation extends Error {
  constructor(what: string) {
    super(`unique constraint failed: ${what}`);
    this.name = 'UniqueViolation';
  }
}
