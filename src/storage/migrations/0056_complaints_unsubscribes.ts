import type { Kysely } from 'kysely';

/**
 * Complaints (ARF feedback reports about sent mail, RFC 5965) and one-click list-unsubscribes
 * (RFC 8058). Neither references sent_emails: like bounces, they outlive the sent receipt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_id', 'text')
    .addColumn('inbox_id', 'text')
    .addColumn('feedback_type', 'text', (c) => c.notNull())
    .addColumn('mail_source', 'text')
    .addColumn('mail_message_id', 'text')
    .addColumn('complaint_recipient', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('reporter', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('complaints_tenant_created').on('complaints').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('complaints_tenant_sent').on('complaints').columns(['tenant_id', 'sent_id']).execute();
  // complaints find the sent email by the Message-ID of the original
  await db.schema.createIndex('sent_emails_message_id').on('sent_emails').column('message_id').execute();
  await db.schema
    .createTable('list_unsubscribes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text')
    .addColumn('domain_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('list_unsubscribes_tenant_address', ['tenant_id', 'email_address'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('list_unsubscribes').execute();
  await db.schema.dropIndex('sent_emails_message_id').execute();
  await db.schema.dropTable('complaints').execute();
}
