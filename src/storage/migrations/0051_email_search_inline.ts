import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL keeps an email's search vector in the row itself (storage MAIN), moving the bodies
 * out of line first when the row is large. Stored out of line (the default for a vector of a
 * kilobyte or more beside a body), every row a search walks newest first cost a lookup in the
 * TOAST index and its chunks: four buffers a row, 62 ms for the 17,700 rows a two-word search
 * read at 1M emails. Rows stored from now on are laid out so; earlier ones as they are rewritten.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table emails alter column search_tsv set storage main`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table emails alter column search_tsv set storage extended`.execute(db);
}
