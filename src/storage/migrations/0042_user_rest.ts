import type { Kysely } from 'kysely';

/**
 * Inbox retention policies and their runs, spam-email records, and what each tenant has
 * exported (for exports with excludePreviouslyExported).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One policy per scope of a tenant: 'ACCOUNT' (every inbox of the account) or an inbox id.
  await db.schema
    .createTable('inbox_retention_policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text')
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_retention_policies_tenant_scope').unique().on('inbox_retention_policies').columns(['tenant_id', 'scope']).execute();

  await db.schema
    .createTable('inbox_retention_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('matched_policies', 'integer', (c) => c.notNull())
    .addColumn('applied_policies', 'integer', (c) => c.notNull())
    .addColumn('deleted_inboxes', 'integer', (c) => c.notNull())
    /** JSON array of the deleted inboxes' ids */
    .addColumn('deleted_inbox_ids', 'text', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('started_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_retention_runs_tenant_created').on('inbox_retention_runs').columns(['tenant_id', 'created_at', 'id']).execute();

  // Mail a spam check flagged. inbox_id is no foreign key: the record outlives its inbox.
  await db.schema
    .createTable('spam_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spam_emails_tenant_created').on('spam_emails').columns(['tenant_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('exported_entities')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('export_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('exported_entities_pk', ['tenant_id', 'export_type', 'entity_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['exported_entities', 'spam_emails', 'inbox_retention_runs', 'inbox_retention_policies']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
