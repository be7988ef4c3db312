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

export interface SearchScope {
  postgres: boolean;
  /** the one tenant whose mail is searched (undefined for an organisation's): narrows the index lookup */
  tenantId?: string;
}

export function searchConditions(
  eb: ExpressionBuilder<Database, 'emails'>,
  search: EmailSearch,
  scope: SearchScope,
): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  const words = search.terms.filter((t): t is WordsTerm => t.kind === 'words');
  if (words.length > 0) out.push(scope.postgres ? tsqueryCondition(words, scope.tenantId) : ftsCondition(words, scope.tenantId));
  for (const term of search.terms) {
    if (term.kind === 'words') continue;
    const test = columnTest(eb, term);
    out.push(term.negated ? eb.not(test) : test);
  }
  return out;
}

function columnTest(eb: ExpressionBuilder<Database, 'emails'>, term: Exclude<SearchTerm, WordsTerm>): Expression<SqlBool> {
  switch (term.kind) {
    case 'id': return eb('emails.id', '=', term.id);
    case 'hasAttachment': return eb('emails.attachment_count', '>', 0);
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

function ftsCondition(terms: WordsTerm[], tenantId: string | undefined): Expression<SqlBool> {
  const positive = terms.filter((t) => !t.negated).map(ftsPhrase);
  const negative = terms.filter((t) => t.negated).map(ftsPhrase);
  if (tenantId !== undefined) positive.unshift(`{tenant} : "${tenantWord(tenantId)}"`);
  const none = negative.length > 0 ? `(${negative.join(' OR ')})` : '';
  if (positive.length === 0) {
    return sql<SqlBool>`emails.rowid not in (select rowid from emails_fts where emails_fts match ${none})`;
  }
  const match = `(${positive.join(' AND ')})${none ? ` NOT ${none}` : ''}`;
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

/**
 * The matching ids are collected first through the GIN index (an InitPlan, run once) and the
 * rows then read by primary key. Left to itself the planner often walks the tenant's rows newest
 * first testing each vector (it cannot tell how rare a prefix is), which for a rare word reads
 * every row of the tenant.
 */
function tsqueryCondition(terms: WordsTerm[], tenantId: string | undefined): Expression<SqlBool> {
  const query = sql`to_tsquery('simple', ${terms.map(tsPhrase).join(' & ')})`;
  const tenant = tenantId === undefined ? sql`` : sql` and s.tenant_id = ${tenantId}`;
  return sql<SqlBool>`emails.id = any(array(select s.id from emails s where s.search_tsv @@ ${query}${tenant}))`;
}
