import type { Kysely } from 'kysely';

/**
 * Organisations (issue 18): users belong to at most one, named by a unique slug (the SCIM path's
 * `{slug}`), with a role in it (ADMIN or MEMBER). A user is still its own tenant: every row it
 * creates carries its id; the organisation only decides who may see and change whose team inboxes.
 * `active` = 0 (SCIM `active: false`) refuses the user's API keys at once, without revoking them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('users').addColumn('org_role', 'text').execute();
  await db.schema.alterTable('users').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createIndex('users_organization').on('users').columns(['organization_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_organization').execute();
  for (const column of ['active', 'org_role', 'organization_id']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('organizations').execute();
}
