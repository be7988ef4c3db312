import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's GIN index on `emails.search_tsv` (0049) keeps words, not their weights, so a
 * `subject:`/`from:`/`to:` term could only be told apart by reading every email holding the
 * words anywhere, and `has:attachment` by reading every email holding the word. Two more GIN
 * indexes answer them from the index (storage/kysely/email-search-sql.ts): the words of the
 * subject, sender and recipients alone (weights A, B, C), and the whole vector of mail with
 * attachments. SQLite's FTS5 table has a column per field already; has:attachment there stays a
 * test of the rows the index gives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index emails_search_headers on emails using gin (ts_filter(search_tsv, '{a,b,c}'))`.execute(db);
  await sql`create index emails_search_attached on emails using gin (search_tsv) where attachment_count > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists emails_search_attached`.execute(db);
  await sql`drop index if exists emails_search_headers`.execute(db);
}
