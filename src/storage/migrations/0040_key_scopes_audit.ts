import type { Kysely } from 'kysely';

/**
 * Agent-scoped API keys and the audit log (issue 18).
 *
 * api_keys gains a name, a scope (JSON: `{"permissions": [...], "inboxIds": [...] | null}`;
 * null = a full key), an optional expiry and the time it was last used.
 *
 * audit_logs: one row per state-changing API call or login; never bodies or secrets. Read per
 * tenant newest first (event_ts, id), and pruned by event_ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('name', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('scope', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('expires_at', 'bigint').execute();
  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('event_ts', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('actor_user_id', 'text')
    .addColumn('target_user_id', 'text')
    .addColumn('resource_type', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('outcome', 'text')
    .addColumn('request_id', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('metadata_json', 'text')
    .execute();
  await db.schema.createIndex('audit_logs_tenant_ts').on('audit_logs').columns(['tenant_id', 'event_ts', 'id']).execute();
  await db.schema.createIndex('audit_logs_ts').on('audit_logs').columns(['event_ts']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
  for (const column of ['expires_at', 'scope', 'name']) {
    await db.schema.alterTable('api_keys').dropColumn(column).execute();
  }
}
