/**
 * A parsed search (ports/email-search.ts) as conditions on `emails`, per dialect. The words
 * of every term go into ONE full-text condition (an FTS5 MATCH on SQLite, a tsquery on
 * PostgreSQL) so the index answers them together; the other terms are plain column tests.
 *
 * Words reach the MATCH / tsquery text only as runs of letters and digits (core/search-words.ts),
 * each phrase quoted, and the whole text is a bound parameter: what a user types can never
 * become FTS or SQL syntax.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../schema.js';
import type { EmailSearch, SearchField, SearchTerm } from '../ports.js';
import { toMillis } from './rows.js';
import { tenantWord } from './email-search-index.js';

type WordsTerm = Extract<SearchTerm, { kind: 'words' }>;

/**
 * How the words of a search become a condition (email-search-page.ts picks one per query):
 * - `index-first`: the matching rows collected through the index first, then read; right when
 *   few rows match, and what every non-page use (count, list, mark read, delete) takes;
 * - `per-row` (PostgreSQL): each row's vector tested as rows are walked newest first; right when
 *   many rows match, since the first page is found after a few rows;
 * - `planner` (PostgreSQL): for a bounded "any N matches", the GIN indexes asked what they answer
 *   fast and the full query tested on the rows they give (`plannerCondition`), the planner choosing;
 * - `omitted`: left out, because the caller joins the FTS5 table and matches there (SQLite).
 */
export type WordsForm = 'index-first' | 'per-row' | 'planner' | 'omitted';

export interface SearchScope {
  postgres: boolean;
  /** the one tenant whose mail is searched (undefined for an organisation's): narrows the index lookup */
  tenantId?: string;
  words?: WordsForm;
}

export function searchConditions(
  eb: ExpressionBuilder<Database, 'emails'>,
  search: EmailSearch,
  scope: SearchScope,
): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  for (const term of search.terms) {
    if (term.kind === 'words') continue;
    const test = columnTest(eb, term);
    out.push(term.negated ? eb.not(test) : test);
  }
  // The words last: a row walked newest first (per-row) is tested on its columns before its
  // vector is read, which for PostgreSQL means fetching it from TOAST.
  const words = wordTerms(search);
  if (words.length > 0 && scope.words !== 'omitted') {
    const form = scope.words ?? 'index-first';
    if (!scope.postgres) out.push(ftsCondition(words, scope.tenantId));
    else if (form === 'index-first') out.push(tsqueryCondition(words, scope.tenantId));
    else if (form === 'per-row') out.push(rowTest(words));
    else out.push(plannerCondition(words));
  }
  return out;
}

function columnTest(eb: ExpressionBuilder<Database, 'emails'>, term: Exclude<SearchTerm, WordsTerm>): Expression<SqlBool> {
  switch (term.kind) {
    case 'id': return eb('emails.id', '=', term.id);
    // a literal, not a parameter: PostgreSQL then proves the partial index `where attachment_count > 0` applies (0050)
    case 'hasAttachment': return eb('emails.attachment_count', '>', sql.lit(0));
    case 'read': return eb('emails.read', '=', term.read ? 1 : 0);
    case 'favourite': return eb('emails.favourite', '=', 1);
    case 'before': return eb('emails.created_at', '<', toMillis(term.at));
    case 'after': return eb('emails.created_at', '>=', toMillis(term.at));
    case 'larger': return eb('emails.size_bytes', '>', term.bytes);
    case 'smaller': return eb('emails.size_bytes', '<', term.bytes);
  }
}

const FTS_COLUMNS: Record<SearchField, string> = {
  any: '{subject sender recipients body}', from: '{sender}', to: '{recipients}', subject: '{subject}',
};

/** `{columns} : "w1 w2"*`: the words as a phrase in those columns, the last a prefix unless exact. */
const ftsPhrase = (t: WordsTerm) => `${FTS_COLUMNS[t.field]} : "${t.words.join(' ')}"${t.exact ? '' : ' *'}`;

const wordTerms = (search: EmailSearch): WordsTerm[] => search.terms.filter((t): t is WordsTerm => t.kind === 'words');
const negatedMatch = (terms: WordsTerm[]) => {
  const negative = terms.filter((t) => t.negated).map(ftsPhrase);
  return negative.length > 0 ? `(${negative.join(' OR ')})` : '';
};

/**
 * The FTS5 MATCH text of a search's words when at least one word must be present (SQLite):
 * such a MATCH can drive a query, rows coming out of the index in rowid order. The tenant's
 * word goes first, so the index only ever walks that tenant's entries.
 */
export function ftsMatch(search: EmailSearch, tenantId: string | undefined): string | undefined {
  const terms = wordTerms(search);
  const positive = terms.filter((t) => !t.negated).map(ftsPhrase);
  if (positive.length === 0) return undefined;
  if (tenantId !== undefined) positive.unshift(`{tenant} : "${tenantWord(tenantId)}"`);
  const none = negatedMatch(terms);
  return `(${positive.join(' AND ')})${none ? ` NOT ${none}` : ''}`;
}

function ftsCondition(terms: WordsTerm[], tenantId: string | undefined): Expression<SqlBool> {
  const match = ftsMatch({ terms }, tenantId);
  if (match === undefined) {
    return sql<SqlBool>`emails.rowid not in (select rowid from emails_fts where emails_fts match ${negatedMatch(terms)})`;
  }
  return sql<SqlBool>`emails.rowid in (select rowid from emails_fts where emails_fts match ${match})`;
}

const WEIGHT: Record<SearchField, string> = { any: '', subject: 'A', from: 'B', to: 'C' };

/** `'w1':B <-> 'w2':*B`: the words as a phrase in the field's weight, the last a prefix unless exact. */
function tsPhrase(t: WordsTerm): string {
  const weight = WEIGHT[t.field];
  const phrase = t.words
    .map((w, i) => {
      const prefix = i === t.words.length - 1 && !t.exact ? '*' : '';
      return `'${w}'${prefix || weight ? `:${prefix}${weight}` : ''}`;
    })
    .join(' <-> ');
  return t.negated ? `!(${phrase})` : `(${phrase})`;
}

const tsqueryText = (terms: WordsTerm[]) => terms.map(tsPhrase).join(' & ');
const tsquery = (terms: WordsTerm[]) => sql`to_tsquery('simple', ${tsqueryText(terms)})`;

/**
 * What the GIN indexes are asked in the `planner` form: the whole words of the terms that must
 * hold, without weights. A prefix makes GIN read every entry it matches in full before it can
 * skip anything (the last word of `from:ann@site.example` is a prefix matching every email
 * from any `.example` address), and a negation makes it read the negated word's entries, so
 * these are tested on the rows the index gives instead, with weights and phrase order. A term
 * of a single prefix word keeps its prefix: the index has nothing else to go on.
 */
function ginWords(terms: WordsTerm[]): string | undefined {
  const words: string[] = [];
  for (const t of terms) {
    if (t.negated) continue;
    const whole = t.exact ? t.words : t.words.slice(0, -1);
    words.push(...(whole.length > 0 ? whole.map((w) => `'${w}'`) : [`'${t.words[0]}':*`]));
  }
  return words.length > 0 ? words.join(' & ') : undefined;
}

/**
 * The planner's form: each GIN index asked what it answers fast (free words: the whole vector;
 * `subject:`/`from:`/`to:` words: the headers' words alone, migration 0050), the full query
 * tested on the rows they give unless the index answered it all.
 */
function plannerCondition(terms: WordsTerm[]): Expression<SqlBool> {
  const anywhere = ginWords(terms.filter((t) => t.field === 'any'));
  const headers = ginWords(terms.filter((t) => t.field !== 'any'));
  const full = tsqueryText(terms);
  const indexed: Expression<SqlBool>[] = [];
  if (anywhere) indexed.push(sql<SqlBool>`emails.search_tsv @@ to_tsquery('simple', ${anywhere})`);
  if (headers) indexed.push(sql<SqlBool>`ts_filter(emails.search_tsv, '{a,b,c}') @@ to_tsquery('simple', ${headers})`);
  if (indexed.length === 1 && !headers && `(${anywhere})` === full) return indexed[0]!;
  return sql<SqlBool>`${sql.join([...indexed, rowTest(terms)], sql` and `)}`;
}

/** The whole query on one row's vector, in a form no index can serve (the planner must not swap it for a GIN scan). */
const rowTest = (terms: WordsTerm[]) => sql<SqlBool>`coalesce(emails.search_tsv @@ ${tsquery(terms)}, false)`;

/**
 * The index-first form: the matching ids are collected first through the GIN index (an
 * InitPlan, run once) and the rows then read by primary key. Left to itself the planner often
 * walks the tenant's rows newest first testing each vector (it cannot tell how rare a prefix
 * is), which for a rare word reads every row of the tenant.
 */
function tsqueryCondition(terms: WordsTerm[], tenantId: string | undefined): Expression<SqlBool> {
  const query = tsquery(terms);
  const tenant = tenantId === undefined ? sql`` : sql` and s.tenant_id = ${tenantId}`;
  return sql<SqlBool>`emails.id = any(array(select s.id from emails s where s.search_tsv @@ ${query}${tenant}))`;
}
