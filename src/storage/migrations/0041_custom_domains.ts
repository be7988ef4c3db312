import type { Kysely } from 'kysely';

/**
 * Custom domains (issue 18): what a domain needs to be verified over DNS and to sign mail
 * (a verification token, a DKIM selector and RSA key pair: the private key never leaves the
 * server), its description, its wildcard catch-all inbox, and what the last DNS check found
 * (per record, as JSON, so a later check knows what changed). Health events record each change.
 * Columns are nullable: domains stored before this step have none of it until recreated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: Array<[string, 'text' | 'bigint']> = [
    ['verification_token', 'text'], ['dkim_selector', 'text'], ['dkim_private_key', 'text'], ['dkim_public_key', 'text'],
    ['description', 'text'], ['catch_all_inbox_id', 'text'], ['updated_at', 'bigint'], ['checked_at', 'bigint'],
    ['record_states', 'text'], ['missing_message', 'text'], ['duplicate_message', 'text'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('domains').addColumn(name, type).execute();
  await db.schema.createIndex('domains_tenant_created').on('domains').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('domain_health_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('domain_name', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('recommendation', 'text')
    .addColumn('event_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_health_events_domain').on('domain_health_events').columns(['tenant_id', 'domain_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domain_health_events').execute();
  await db.schema.dropIndex('domains_tenant_created').execute();
  for (const name of ['duplicate_message', 'missing_message', 'record_states', 'checked_at', 'updated_at', 'catch_all_inbox_id', 'description',
    'dkim_public_key', 'dkim_private_key', 'dkim_selector', 'verification_token']) {
    await db.schema.alterTable('domains').dropColumn(name).execute();
  }
}
