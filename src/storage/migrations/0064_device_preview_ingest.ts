import type { Kysely } from 'kysely';

/**
 * Device preview ingest domains: one per user, a subdomain of the server's mail domain unique on
 * the server; mail to <profile local part>@<subdomain>.<domain> becomes a device preview run and a
 * submission recording it. A submission's details are JSON; what lists filter on are columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_preview_ingest_domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_preview_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ingest_domain_id', 'text', (c) => c.notNull().references('device_preview_ingest_domains.id').onDelete('cascade'))
    .addColumn('profile_id', 'text')
    .addColumn('recipient_local_part', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('submission_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_submissions_tenant').on('device_preview_submissions').columns(['tenant_id', 'received_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_preview_submissions').execute();
  await db.schema.dropTable('device_preview_ingest_domains').execute();
}
