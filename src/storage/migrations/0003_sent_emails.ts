import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A receipt of what was sent. The body itself is never stored (spec §1): its MD5 is,
  // and the raw MIME (in blobs) for the raw endpoints.
  await db.schema
    .createTable('sent_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('in_reply_to', 'text')
    .addColumn('subject', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('sender_json', 'text', (c) => c.notNull())
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('headers_json', 'text', (c) => c.notNull())
    .addColumn('body_md5', 'text', (c) => c.notNull())
    .addColumn('is_html', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charset', 'text')
    .addColumn('virtual_send', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('raw_sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_emails_inbox_created').on('sent_emails').columns(['inbox_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sent_emails_tenant_created').on('sent_emails').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sent_emails_raw').on('sent_emails').columns(['raw_sha256']).execute();

  // One row per recipient and outcome: delivered locally, relayed, captured, or failed.
  await db.schema
    .createTable('delivery_statuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('sent_id', 'text', (c) => c.notNull().references('sent_emails.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('smtp_status_code', 'integer')
    .addColumn('smtp_response', 'text')
    .addColumn('reporting_mta', 'text')
    .addColumn('processing_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_statuses_sent').on('delivery_statuses').columns(['sent_id', 'created_at']).execute();
  await db.schema.createIndex('delivery_statuses_tenant').on('delivery_statuses').columns(['tenant_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_statuses').ifExists().execute();
  await db.schema.dropTable('sent_emails').ifExists().execute();
}
