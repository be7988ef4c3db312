import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Contacts of a user. group_id is the group the ContactDto names (the client has one);
  // membership itself is contact_group_members, since a contact may be in several groups.
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('company', 'text')
    .addColumn('email_addresses', 'text', (c) => c.notNull())
    .addColumn('primary_email', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('meta_data', 'text')
    .addColumn('opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_tenant_created').on('contacts').columns(['tenant_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('contact_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_groups_tenant_created').on('contact_groups').columns(['tenant_id', 'created_at', 'id']).execute();

  // Deleting either side removes the membership: a deleted contact leaves its groups, a
  // deleted group keeps its contacts.
  await db.schema
    .createTable('contact_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('contact_groups.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_group_members_pk', ['group_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('contact_group_members_contact').on('contact_group_members').column('contact_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_group_members').ifExists().execute();
  await db.schema.dropTable('contact_groups').ifExists().execute();
  await db.schema.dropTable('contacts').ifExists().execute();
}
