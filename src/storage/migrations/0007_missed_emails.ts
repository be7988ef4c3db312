import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Binary column: bytea on PostgreSQL, blob on SQLite. */
const binary = (db: Kysely<any>) => (db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`);

export async function up(db: Kysely<any>): Promise<void> {
  // Mail accepted over SMTP but not stored as an email because its tenant was at the email
  // cap. One row per inbox it was for. The raw bytes live in the row rather than in blobs:
  // missed mail is the exception, and keeping it out of the shared blob store means blob
  // garbage collection never has to know about it. inbox_id is not a foreign key: the
  // record of what was missed outlives the inbox, as expired-inbox records do.
  await db.schema
    .createTable('missed_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text')
    .addColumn('subject', 'text')
    .addColumn('body_excerpt', 'text')
    // JSON: {to, cc, bcc} lists of addresses from the message's headers
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('attachment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('raw', binary(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Lists and the nth-missed-email wait: "a tenant's by time", optionally of one inbox.
  await db.schema.createIndex('missed_emails_tenant_created').on('missed_emails').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('missed_emails_tenant_inbox_created')
    .on('missed_emails')
    .columns(['tenant_id', 'inbox_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('missed_emails').ifExists().execute();
}
