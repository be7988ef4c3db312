import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Plus addresses (local+tag@domain) of inboxes: one row per inbox and address, made by the
  // first mail to it. They go with their inbox.
  await db.schema
    .createTable('plus_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('plus_tag', 'text', (c) => c.notNull())
    .addColumn('full_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('plus_addresses_inbox_address', ['inbox_id', 'full_address'])
    .execute();
  await db.schema.createIndex('plus_addresses_tenant_created').on('plus_addresses').columns(['tenant_id', 'created_at', 'id']).execute();

  // The plus address a received email came to, written with the email. No foreign key: an
  // inbox's emails are deleted before it (and its plus addresses) are.
  await db.schema.alterTable('emails').addColumn('plus_address_id', 'text').execute();
  await db.schema.createIndex('emails_plus_address').on('emails').columns(['plus_address_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('emails_plus_address').ifExists().execute();
  await db.schema.alterTable('emails').dropColumn('plus_address_id').execute();
  await db.schema.dropTable('plus_addresses').ifExists().execute();
}
