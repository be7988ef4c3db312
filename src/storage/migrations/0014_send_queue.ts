import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // sendEmailWithQueue: one durable job per queued send. The options are kept as given so
  // every attempt (and an attempt after a restart) sends exactly what was asked; the row
  // stays as the SendWithQueueResult listed by getSentEmailsWithQueueResults. No foreign key
  // on inbox_id: an inbox deleted before its send ran leaves a failed result, not nothing.
  await db.schema
    .createTable('send_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    // SendEmailOptions JSON
    .addColumn('options_json', 'text', (c) => c.notNull())
    // pending → inflight (leased by one worker) → sent | failed, or pending again (retry)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'bigint')
    // the receipt once sent (SentEmailDto.id)
    .addColumn('sent_email_id', 'text')
    // the last failure: final when state is failed, the reason of the retry when pending
    .addColumn('error_name', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('send_queue_due').on('send_queue').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('send_queue_tenant_created').on('send_queue').columns(['tenant_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('send_queue').ifExists().execute();
}
