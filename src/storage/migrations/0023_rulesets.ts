import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Rulesets (RulesetController). inbox_id null = the whole account. Deleting the inbox
  // deletes its rulesets: a rule of an inbox that is gone would act on nothing.
  await db.schema
    .createTable('rulesets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.references('inboxes.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rulesets_tenant_created').on('rulesets').columns(['tenant_id', 'created_at', 'id']).execute();
  // every received message and every send reads the rules of its inbox and account
  await db.schema.createIndex('rulesets_tenant_scope_inbox').on('rulesets').columns(['tenant_id', 'scope', 'inbox_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rulesets').ifExists().execute();
}
