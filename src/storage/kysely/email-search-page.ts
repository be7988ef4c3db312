/**
 * A page of searched mail that answers in milliseconds at millions of stored emails
 * (README "Search"). Two facts shape it:
 *
 * - Sorting every match to find the newest 20 costs as much as the matches are many: a word
 *   found in a fifth of a million emails took seconds. Walking the mail newest first and
 *   testing each row finds those 20 after a hundred rows, but walks everything for a rare word.
 *   So the page first asks for any `SEARCH_EXACT_COUNT_LIMIT + 1` matches (the index answers
 *   that quickly either way): when there are no more than the limit, they are sorted and the
 *   count is exact; when there are more, the matches are dense enough for the walk to be short.
 * - Counting a common word exactly reads every match, so past the limit the total is a lower
 *   bound: the limit plus one, or more as pages go deeper (offset + rows seen + 1 while more
 *   follow), and exact on the last page. Clients that page until `last` see every email.
 *
 * On SQLite the walk is the FTS5 index itself in rowid order (rows are stored in about
 * arrival order), a little past the page, sorted, and checked against the rest: an email
 * stored far out of order (one dated later but stored earlier) sends that page to the exact
 * sort instead.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { pageOffset, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { Database } from '../schema.js';
import type { EmailSearch } from '../ports.js';
import { ftsMatch, type WordsForm } from './email-search-sql.js';
import { BY_CREATION, orderDirection, ordered } from './paged.js';

/** Matches counted exactly; past it a search's total is a lower bound (see above). */
export const SEARCH_EXACT_COUNT_LIMIT = 1_000;

/** Rows the SQLite walk reads past the page, for mail stored a little out of creation order. */
const WALK_SLACK = 100;

export interface SearchedPageQuery {
  db: Kysely<Database>;
  postgres: boolean;
  search: EmailSearch;
  /** the tenant whose index words are walked; undefined for an organisation's mail */
  tenantId: string | undefined;
  /** every condition of the filter, the search's words in the given form */
  where: (words: WordsForm) => (eb: ExpressionBuilder<Database, 'emails'>) => Expression<SqlBool>;
}

interface Placed { id: string; created_at: number | string; rowid?: number }

export async function searchedPage(q: SearchedPageQuery, page: PageRequest): Promise<{ ids: string[]; total: number }> {
  const offset = pageOffset(page);
  const some = await anyMatches(q, SEARCH_EXACT_COUNT_LIMIT + 1);
  if (some.length <= SEARCH_EXACT_COUNT_LIMIT) {
    const sorted = inMemoryCreationOrder(some, page.sort);
    return { ids: sorted.slice(offset, offset + page.size).map((row) => row.id), total: some.length };
  }
  const first = await firstMatches(q, page.sort, offset + page.size + 1);
  return { ids: first.slice(offset, offset + page.size).map((row) => row.id), total: Math.max(SEARCH_EXACT_COUNT_LIMIT + 1, first.length) };
}

/** Up to `n` matching rows, in whatever order the index gives them. */
function anyMatches(q: SearchedPageQuery, n: number): Promise<Placed[]> {
  if (q.postgres) return q.db.selectFrom('emails').select(['id', 'created_at']).where(q.where('planner')).limit(n).execute();
  const match = ftsMatch(q.search, q.tenantId);
  if (match === undefined) return q.db.selectFrom('emails').select(['id', 'created_at']).where(q.where('index-first')).limit(n).execute();
  return ftsDriven(q, match).orderBy(sql`emails_fts.rowid`, walkFrom(q.search)).limit(n).execute();
}

/**
 * Which end of the index "any N matches" starts from: the end a date bound keeps (rowids are in
 * about arrival order), else the newest. From the wrong end, `after:` a recent date first reads
 * every older match only to drop it.
 */
function walkFrom(search: EmailSearch): 'asc' | 'desc' {
  // `-after:` keeps the old side as `before:` does, and `-before:` the new
  const keeps = (side: 'before' | 'after') => search.terms.some((t) =>
    (t.kind === 'before' || t.kind === 'after') && (t.kind === side) !== t.negated);
  return keeps('before') && !keeps('after') ? 'asc' : 'desc';
}

/**
 * The rows of the FTS5 match joined to their emails, the index driving: CROSS JOIN keeps
 * SQLite from turning it round into one index lookup per email row.
 */
function ftsDriven(q: SearchedPageQuery, match: string) {
  return q.db
    .selectFrom('emails_fts')
    .crossJoin('emails')
    .select(['emails.id', 'emails.created_at', sql<number>`emails.rowid`.as('rowid')])
    .where(sql<SqlBool>`emails_fts match ${match}`)
    .where(sql<SqlBool>`emails.rowid = emails_fts.rowid`)
    .where((eb) => q.where('omitted')(eb as unknown as ExpressionBuilder<Database, 'emails'>));
}

/** The first `n` matches in creation order, `sort` saying which end comes first. */
async function firstMatches(q: SearchedPageQuery, sort: SortDirection, n: number): Promise<Placed[]> {
  const direction = orderDirection(sort);
  if (q.postgres) {
    return ordered(q.db.selectFrom('emails').select(['id', 'created_at']).where(q.where('per-row')), sort, BY_CREATION).limit(n).execute();
  }
  const match = ftsMatch(q.search, q.tenantId);
  if (match !== undefined) {
    // Rows stored by concurrent sessions can be a little out of creation order in rowid
    // order: the walk goes a little further than the page and what it saw is sorted.
    const walked = await ftsDriven(q, match).orderBy(sql`emails_fts.rowid`, direction).limit(n + WALK_SLACK).execute();
    const first = inMemoryCreationOrder(walked, sort).slice(0, n);
    const complete = walked.length < n + WALK_SLACK; // every match was walked
    if (complete || (await nothingFurtherComesFirst(q, first[first.length - 1]!, walked[walked.length - 1]!, sort))) return first;
  }
  return ordered(q.db.selectFrom('emails').select(['id', 'created_at']).where(q.where('index-first')), sort, BY_CREATION).limit(n).execute();
}

/**
 * The walk holds the first `n` in creation order when no email of the filter's scope further
 * along the rowids than the walk went comes before the n-th of them: a look at the index of
 * the scope's rows on that side of the n-th in creation order.
 */
async function nothingFurtherComesFirst(q: SearchedPageQuery, nth: Placed, walkedLast: Placed, sort: SortDirection): Promise<boolean> {
  const desc = sort === 'DESC';
  const comesFirst = await q.db
    .selectFrom('emails')
    .select('id')
    // First in the WHERE clause: SQLite takes the first of several bounds on created_at for the
    // index range, and this one (the n-th's time) is the tight one. After the filter's own
    // `after:` bound it scanned every email since that date (80 ms at 1M emails, against 0.3).
    .where('created_at', desc ? '>=' : '<=', Number(nth.created_at))
    .where(q.where('omitted'))
    .where(sql<SqlBool>`emails.rowid ${sql.raw(desc ? '<' : '>')} ${walkedLast.rowid}`)
    .where((eb) => eb.or([
      eb('created_at', desc ? '>' : '<', Number(nth.created_at)),
      eb.and([eb('created_at', '=', Number(nth.created_at)), eb('id', desc ? '>' : '<', nth.id)]),
    ]))
    .limit(1)
    .executeTakeFirst();
  return comesFirst === undefined;
}

/**
 * The rows in creation order, sorted here rather than read again for the database to sort (a
 * search with few matches then costs one query, the SQLite walk one fewer). The order is the database's: created_at is a
 * number (PostgreSQL's bigint arrives as a string) and ids are lower-case UUIDs, whose order is
 * the same by code unit as by either database's collation.
 */
function inMemoryCreationOrder(rows: Placed[], sort: SortDirection): Placed[] {
  const sign = sort === 'DESC' ? -1 : 1;
  const keyed = rows.map((row) => ({ row, at: Number(row.created_at) }));
  keyed.sort((a, b) => sign * (a.at - b.at || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0)));
  return keyed.map((k) => k.row);
}
