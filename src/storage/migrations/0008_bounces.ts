import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One per send that had recipients refuse it (relay refusal, relay unreachable, or an
  // inbox of this server that no longer accepts mail). sent_id is not a foreign key: the
  // bounce stays on record when the sent-email receipt is deleted, as MailSlurp's do.
  await db.schema
    .createTable('bounced_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_id', 'text')
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    // every recipient of the send, and those of them that bounced (JSON arrays)
    .addColumn('sent_to_json', 'text', (c) => c.notNull())
    .addColumn('bounce_recipients_json', 'text', (c) => c.notNull())
    .addColumn('bounce_mta', 'text')
    .addColumn('bounce_type', 'text')
    .addColumn('bounce_sub_type', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bounced_emails_tenant_created').on('bounced_emails').columns(['tenant_id', 'created_at', 'id']).execute();

  // One per address that bounced, with the refusing server's diagnostic.
  await db.schema
    .createTable('bounced_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bounced_email_id', 'text', (c) => c.notNull().references('bounced_emails.id').onDelete('cascade'))
    .addColumn('sent_id', 'text')
    // lower-case, so "is this address bounced?" is an index lookup
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('diagnostic_code', 'text')
    .addColumn('bounce_type', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bounced_recipients_tenant_created').on('bounced_recipients').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('bounced_recipients_tenant_recipient').on('bounced_recipients').columns(['tenant_id', 'recipient']).execute();
  await db.schema.createIndex('bounced_recipients_email').on('bounced_recipients').columns(['bounced_email_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bounced_recipients').ifExists().execute();
  await db.schema.dropTable('bounced_emails').ifExists().execute();
}
