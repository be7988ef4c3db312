import type { Kysely } from 'kysely';

/**
 * Inbound authentication results (SPF, DKIM, DMARC, ARC verdicts of each email received over
 * SMTP, one row per stored copy, written in the ingest transaction) and Google Postmaster Tools
 * connections per tenant with the domains and traffic statistics fetched from Google.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_auth_results')
    .addColumn('email_id', 'text', (c) => c.primaryKey().references('emails.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('spf', 'text', (c) => c.notNull())
    .addColumn('dkim_json', 'text', (c) => c.notNull())
    .addColumn('dmarc', 'text', (c) => c.notNull())
    .addColumn('arc', 'text', (c) => c.notNull())
    .addColumn('from_domain', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('mail_from', 'text')
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_auth_results_tenant_domain').on('mail_auth_results')
    .columns(['tenant_id', 'from_domain', 'checked_at']).execute();

  await db.schema
    .createTable('postmaster_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('oauth_state', 'text')
    .addColumn('redirect_uri', 'text')
    .addColumn('connected_email', 'text')
    .addColumn('scope', 'text')
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('token_expires_at', 'bigint')
    .addColumn('last_synced_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('postmaster_domains')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permission', 'text')
    .addColumn('create_time', 'bigint')
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('last_synced_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('postmaster_domains_pk', ['tenant_id', 'domain'])
    .execute();
  await db.schema
    .createTable('postmaster_traffic_stats')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('report_date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('synced_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('postmaster_traffic_stats_pk', ['tenant_id', 'domain', 'report_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('postmaster_traffic_stats').execute();
  await db.schema.dropTable('postmaster_domains').execute();
  await db.schema.dropTable('postmaster_connections').execute();
  await db.schema.dropTable('mail_auth_results').execute();
}
