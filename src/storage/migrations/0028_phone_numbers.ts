import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Phone numbers of the simulated carrier. A number belongs to one user at a time in the whole
  // service (the unique key), whatever the tenant: an SMS to it must reach exactly one owner.
  await db.schema
    .createTable('phone_numbers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull().unique())
    .addColumn('phone_country', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    // JSON list: tags are only ever read whole, and filtered with a LIKE on their quoted form
    .addColumn('tags_json', 'text', (c) => c.notNull())
    .addColumn('favourite', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_numbers_tenant_created').on('phone_numbers').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('phone_numbers_tenant_name').on('phone_numbers').columns(['tenant_id', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_numbers').ifExists().execute();
}
