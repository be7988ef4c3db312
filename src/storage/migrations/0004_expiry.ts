import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Set by the expiry job, in the same transaction that writes the inbox's expired-inbox
  // record: the expiry that took effect. NULL = open, or expired but not yet processed.
  await db.schema.alterTable('inboxes').addColumn('expired_at', 'bigint').execute();
  // The job's question, "unprocessed inboxes whose expiry has passed", is a range scan of
  // the NULL prefix, however many long-expired inboxes are kept.
  await db.schema.createIndex('inboxes_expiry_due').on('inboxes').columns(['expired_at', 'expires_at']).execute();

  // One record per inbox that expired. It outlives the inbox (flushExpired, deleteInbox),
  // as MailSlurp's do, so inbox_id is not a foreign key; the unique index is what makes a
  // second pass, or a second node, unable to create a second record.
  await db.schema
    .createTable('expired_inboxes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().unique())
    .addColumn('email_address', 'text', (c) => c.notNull())
    // the inbox's expiry time, not the time the job got to it
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expired_inboxes_tenant_created').on('expired_inboxes').columns(['tenant_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expired_inboxes').ifExists().execute();
  await db.schema.dropIndex('inboxes_expiry_due').ifExists().execute();
  await db.schema.alterTable('inboxes').dropColumn('expired_at').execute();
}
