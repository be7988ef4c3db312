/**
 * The paged query every repository list runs: one page of rows, ordered by the given
 * columns in the page's direction (each later column breaks the ties of the ones before
 * it), and the number of rows matching in all, both asked at once.
 */
import type { OrderByExpression, SelectQueryBuilder, Simplify } from 'kysely';
import { pageOffset, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { Slice } from '../ports.js';

export type OrderDirection = 'asc' | 'desc';

/** A column sorted in the requested direction, or [column, direction] for one that never turns. */
export type OrderColumn<DB, TB extends keyof DB, O> =
  | OrderByExpression<DB, TB, O>
  | readonly [OrderByExpression<DB, TB, O>, OrderDirection];

/** Lists by arrival: creation time, ties broken by id. */
export const BY_CREATION = ['created_at', 'id'] as const;

/** A query answering one row whose n is a count (PostgreSQL answers a bigint as a string). */
export interface CountQuery {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}

export const orderDirection = (sort: SortDirection): OrderDirection => (sort === 'DESC' ? 'desc' : 'asc');

/** The query ordered by `columns` in the direction of `sort`. */
export function ordered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortDirection,
  columns: ReadonlyArray<OrderColumn<DB, TB, O>>,
): SelectQueryBuilder<DB, TB, O> {
  const direction = orderDirection(sort);
  for (const column of columns) {
    query = isFixed(column) ? query.orderBy(column[0], column[1]) : query.orderBy(column, direction);
  }
  return query;
}

/**
 * One page of `query` (already filtered and selecting its columns) in `order`, and the
 * total: by default `select count(*)` over the same from, joins and where; a query with
 * distinct, group by or a join that could repeat rows gives its own `count`.
 */
export async function paged<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  order: ReadonlyArray<OrderColumn<DB, TB, O>>,
  count: CountQuery = countOf(query),
): Promise<Slice<Simplify<O>>> {
  const [items, total] = await Promise.all([
    ordered(query, page.sort, order).limit(page.size).offset(pageOffset(page)).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** `select count(*) as n` over the query's from, joins and where. */
function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): CountQuery {
  // Kysely cannot name the selection's type while DB is generic: it is { n }.
  return query.clearSelect().select((eb) => eb.fn.countAll().as('n')) as unknown as CountQuery;
}

function isFixed<DB, TB extends keyof DB, O>(
  column: OrderColumn<DB, TB, O>,
): column is readonly [OrderByExpression<DB, TB, O>, OrderDirection] {
  return Array.isArray(column);
}
