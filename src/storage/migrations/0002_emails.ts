import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Binary column: bytea on PostgreSQL, blob on SQLite (the one column type the dialects spell differently). */
const binary = (db: Kysely<any>) => (db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`);

export async function up(db: Kysely<any>): Promise<void> {
  // Raw messages and attachment contents, stored once per content hash and shared by
  // every email or attachment row that references them.
  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull().defaultTo('identity'))
    .addColumn('content', binary(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('message_id', 'text')
    .addColumn('in_reply_to', 'text')
    .addColumn('subject', 'text')
    .addColumn('from_address', 'text')
    .addColumn('sender_json', 'text')
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('headers_json', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('charset', 'text')
    .addColumn('body_md5', 'text', (c) => c.notNull())
    .addColumn('body_part_content_types', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('raw_sha256', 'text', (c) => c.notNull())
    .addColumn('attachment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Lists are "an inbox's emails by time" or "a tenant's emails by time", optionally unread.
  await db.schema.createIndex('emails_inbox_created').on('emails').columns(['inbox_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('emails_tenant_created').on('emails').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('emails_raw').on('emails').columns(['raw_sha256']).execute();

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text', (c) => c.references('emails.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_id', 'text')
    .addColumn('blob_sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachments_email').on('attachments').columns(['email_id', 'position']).execute();
  await db.schema.createIndex('attachments_blob').on('attachments').columns(['blob_sha256']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['attachments', 'emails', 'blobs']) await db.schema.dropTable(table).ifExists().execute();
}
