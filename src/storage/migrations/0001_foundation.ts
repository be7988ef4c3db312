import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at that step,
// not the current table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_tenant').on('api_keys').columns(['tenant_id']).execute();

  await db.schema
    .createTable('domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inbox_type', 'text', (c) => c.notNull().defaultTo('HTTP'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('inboxes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_address', 'text', (c) => c.notNull().unique())
    .addColumn('local_part', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('domain_id', 'text')
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inbox_type', 'text', (c) => c.notNull().defaultTo('HTTP'))
    .addColumn('virtual_inbox', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Every list the API offers is "a tenant's inboxes ordered by createdAt", optionally
  // narrowed; the id tie-breaker keeps pages stable when timestamps collide.
  await db.schema.createIndex('inboxes_tenant_created').on('inboxes').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('inboxes_tenant_name').on('inboxes').columns(['tenant_id', 'name']).execute();
  await db.schema.createIndex('inboxes_expires').on('inboxes').columns(['expires_at']).execute();

  await db.schema
    .createTable('inbox_tags')
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inbox_tags_pk', ['inbox_id', 'tag'])
    .execute();
  await db.schema.createIndex('inbox_tags_tenant_tag').on('inbox_tags').columns(['tenant_id', 'tag']).execute();

  await db.schema
    .createTable('inbox_creations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_creations_tenant').on('inbox_creations').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inbox_creations', 'inbox_tags', 'inboxes', 'domains', 'api_keys', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
