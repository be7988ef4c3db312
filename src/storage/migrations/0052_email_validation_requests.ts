import type { Kysely } from 'kysely';

/**
 * Email validation results (EmailVerificationController): one row per address of each
 * validateEmailAddressList call. Listed per tenant newest first, and looked up per tenant and
 * lower-cased address when a recent result is reused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_validation_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('email_address_lower', 'text', (c) => c.notNull())
    .addColumn('is_valid', 'integer', (c) => c.notNull())
    .addColumn('checked_by', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('mail_host', 'text')
    .addColumn('rcpt_code', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_validation_requests_tenant_created')
    .on('email_validation_requests').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('email_validation_requests_tenant_address')
    .on('email_validation_requests').columns(['tenant_id', 'email_address_lower', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_validation_requests').ifExists().execute();
}
