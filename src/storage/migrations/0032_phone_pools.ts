import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Pools of a user's phone numbers, leased to one test at a time. A name is unique per user
  // (getOrCreatePhonePool finds by it); a pool's members and leases go with it.
  await db.schema
    .createTable('phone_pools')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_pools_tenant_name').on('phone_pools').columns(['tenant_id', 'name']).unique().execute();

  // A number in a pool; a number may be in several pools, once in each. Deleting the number removes it.
  await db.schema
    .createTable('phone_pool_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool_id', 'text', (c) => c.notNull().references('phone_pools.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull().references('phone_numbers.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_pool_members_pool_phone').on('phone_pool_members').columns(['pool_id', 'phone_id']).unique().execute();
  await db.schema.createIndex('phone_pool_members_phone').on('phone_pool_members').column('phone_id').execute();

  // The lease of a number: at most one row per number (the unique key is what makes two
  // concurrent acquires unable to take the same number, on both databases). A row whose
  // expires_at has passed is a lease that ended; the next acquire of the number replaces it.
  await db.schema
    .createTable('phone_pool_leases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pool_id', 'text', (c) => c.notNull().references('phone_pools.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull().references('phone_numbers.id').onDelete('cascade'))
    .addColumn('lease_name', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('leased_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_pool_leases_phone').on('phone_pool_leases').column('phone_id').unique().execute();
  await db.schema.createIndex('phone_pool_leases_pool').on('phone_pool_leases').columns(['pool_id', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_pool_leases').ifExists().execute();
  await db.schema.dropTable('phone_pool_members').ifExists().execute();
  await db.schema.dropTable('phone_pools').ifExists().execute();
}
