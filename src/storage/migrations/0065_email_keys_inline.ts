import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL keeps an email's ids and hashes in the row itself (storage PLAIN). Since the search
 * vector stays in the row (0051, storage MAIN), a row over PostgreSQL's 2 kB toast target could
 * not shrink by moving its bodies alone, so the toaster went on to move every other text column
 * out of line, down to the 36-character tenant id. A search then read the TOAST table for each
 * match it tested against its tenant (about three buffers more per row: a word in 1,451 emails
 * read 4,816 buffers instead of 1,455, and took 12.5 ms instead of 4.0 warm, more from disk).
 * These columns hold only UUIDs and hex digests the server makes, so they never grow; text from
 * the mail itself (subjects, addresses, bodies) stays movable. Rows stored from now on are laid
 * out so; earlier ones as they are rewritten.
 */
const KEYS = ['id', 'tenant_id', 'inbox_id', 'thread_id', 'plus_address_id', 'raw_sha256', 'body_md5'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const column of KEYS) await sql`alter table emails alter column ${sql.ref(column)} set storage plain`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const column of KEYS) await sql`alter table emails alter column ${sql.ref(column)} set storage extended`.execute(db);
}
