import { sql, type Kysely } from 'kysely';

/**
 * IMAP identity of stored mail. Each inbox is one IMAP folder; its messages carry UIDs that
 * grow with arrival and never repeat (RFC 3501 2.3.1.1), so a client's cache stays valid
 * across restarts. UIDVALIDITY is derived from the inbox's creation time, which never changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inboxes').addColumn('imap_uid_next', 'bigint', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('emails').addColumn('imap_uid', 'bigint').execute();
  // \Answered and \Deleted exist only for IMAP; \Seen is `read` and \Flagged is `favourite`.
  await db.schema.alterTable('emails').addColumn('imap_answered', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('emails').addColumn('imap_deleted', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // Number the mail already stored in arrival order (UPDATE ... FROM runs on both dialects).
  await sql`
    UPDATE emails SET imap_uid = numbered.n
    FROM (SELECT id, row_number() OVER (PARTITION BY inbox_id ORDER BY created_at, id) AS n FROM emails) AS numbered
    WHERE emails.id = numbered.id`.execute(db);
  await sql`
    UPDATE inboxes SET imap_uid_next = 1 + COALESCE((SELECT max(emails.imap_uid) FROM emails WHERE emails.inbox_id = inboxes.id), 0)`.execute(db);
  await db.schema.createIndex('emails_inbox_imap_uid').on('emails').columns(['inbox_id', 'imap_uid']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('emails_inbox_imap_uid').ifExists().execute();
  await db.schema.alterTable('emails').dropColumn('imap_deleted').execute();
  await db.schema.alterTable('emails').dropColumn('imap_answered').execute();
  await db.schema.alterTable('emails').dropColumn('imap_uid').execute();
  await db.schema.alterTable('inboxes').dropColumn('imap_uid_next').execute();
}
