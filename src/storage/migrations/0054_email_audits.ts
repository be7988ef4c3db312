import type { Kysely } from 'kysely';

/**
 * Stored email audits (EmailAuditController): the analysis as JSON with the context it was
 * made for. email_id has no foreign key on purpose: an audit is history and outlives its email.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_audits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_id', 'text')
    .addColumn('from_address', 'text')
    .addColumn('recipient', 'text')
    .addColumn('subject', 'text')
    .addColumn('analysis_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_audits_tenant_created').on('email_audits').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('email_audits_tenant_email').on('email_audits').columns(['tenant_id', 'email_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_audits').execute();
}
