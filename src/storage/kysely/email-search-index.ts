/**
 * The full-text index of received mail (migration 0049; README "Search"): what an email
 * contributes to it, and writing it inside the transaction that stores the email.
 *
 * - SQLite: `emails_fts`, a contentless FTS5 table (it keeps the words' index, not a second
 *   copy of the text) whose rowid is the email row's rowid. A trigger on `emails` deletes the
 *   entry with the row, whatever path deletes it (deleteEmail, inbox and tenant cascades,
 *   expiry, retention), in the same transaction.
 * - PostgreSQL: `emails.search_tsv`, a tsvector column of the row itself under a GIN index:
 *   it goes wherever the row goes. Weights tell the fields apart: A subject, B sender,
 *   C recipients, D body and attachment names.
 *
 * Text is split into words here (core/search-words.ts), so both databases index the same words.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema.js';
import type { MailAddress } from '../ports.js';
import { searchText } from '../../core/search-words.js';

/**
 * Body characters indexed per email: bounds the ingest cost and stays well inside a
 * tsvector's 1 MB and the 16,383 word positions it can tell apart.
 */
export const INDEXED_BODY_CHARS = 100_000;

export interface SearchSource {
  tenantId: string;
  subject: string | null;
  from: string | null;
  sender: MailAddress | null;
  recipients: { to: MailAddress[]; cc: MailAddress[]; bcc: MailAddress[] };
  textBody: string | null;
  attachmentNames: string[];
}

/** The words of each field: SQLite's FTS5 columns, PostgreSQL's weighted parts. */
export interface SearchDocument {
  /** one word naming the tenant: a search matches it first, so one tenant's words never scan another's */
  tenant: string;
  subject: string;
  sender: string;
  recipients: string;
  body: string;
}

const addressText = (a: MailAddress | null | undefined) => (a ? `${a.name ?? ''} ${a.emailAddress}` : '');

export const tenantWord = (tenantId: string): string => `t${searchText(tenantId).replaceAll(' ', '')}`;

export function searchDocument(s: SearchSource): SearchDocument {
  const { to, cc, bcc } = s.recipients;
  return {
    tenant: tenantWord(s.tenantId),
    subject: searchText(s.subject),
    sender: searchText(`${s.from ?? ''} ${s.sender?.name ?? ''}`),
    recipients: searchText([...to, ...cc, ...bcc].map(addressText).join(' ')),
    body: searchText(`${(s.textBody ?? '').slice(0, INDEXED_BODY_CHARS)} ${s.attachmentNames.join(' ')}`),
  };
}

/** The tsvector of a document (PostgreSQL). */
export function tsvectorOf(d: SearchDocument): RawBuilder<unknown> {
  return sql`setweight(to_tsvector('simple', ${d.subject}), 'A') || setweight(to_tsvector('simple', ${d.sender}), 'B')
    || setweight(to_tsvector('simple', ${d.recipients}), 'C') || to_tsvector('simple', ${d.body})`;
}

/** Adds SQLite index entries for stored email rows (by rowid). */
export async function insertFtsRows(trx: Kysely<Database>, rows: Array<{ rowid: number; doc: SearchDocument }>): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map(({ rowid, doc: d }) => sql`(${rowid}, ${d.tenant}, ${d.subject}, ${d.sender}, ${d.recipients}, ${d.body})`));
  await sql`insert into emails_fts (rowid, tenant, subject, sender, recipients, body) values ${values}`.execute(trx);
}
