import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // SMS received by a phone number of the simulated carrier. They go with their number.
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull().references('phone_numbers.id').onDelete('cascade'))
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull())
    .addColumn('favourite', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_messages_tenant_created').on('sms_messages').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sms_messages_phone_created').on('sms_messages').columns(['phone_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_messages').ifExists().execute();
}
