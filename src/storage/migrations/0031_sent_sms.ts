import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // SMS sent from a phone number of the simulated carrier, with where they went. They go with their number.
  await db.schema
    .createTable('sent_sms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull().references('phone_numbers.id').onDelete('cascade'))
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // the received SMS this one answers (replyToSmsMessage); not a foreign key: the reply outlives it
    .addColumn('reply_to_id', 'text')
    // the SMS it became at a Pigeonhole number, or null when the recipient is outside the carrier
    .addColumn('delivered_sms_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_sms_tenant_created').on('sent_sms').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sent_sms_phone_created').on('sent_sms').columns(['phone_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sent_sms_reply_to').on('sent_sms').columns(['tenant_id', 'reply_to_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sent_sms').ifExists().execute();
}
