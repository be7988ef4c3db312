import type { Kysely } from 'kysely';

/**
 * Email retention by count and age (issue 19): one policy row per account, each limit null when
 * the account sets none (the server's setting then applies). The pass reads emails through the
 * existing indexes (tenant, inbox, created; inbox, imap_uid; tenant, created), so no index is added.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_retention_policies')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('max_emails_per_inbox', 'bigint')
    .addColumn('max_emails_per_account', 'bigint')
    .addColumn('max_age_seconds', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_retention_policies').ifExists().execute();
}
