import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Binary column: bytea on PostgreSQL, blob on SQLite. */
const binary = (db: Kysely<any>) => (db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`);

/**
 * Device previews: a tenant's preview profiles (named sets of device targets), preview runs
 * (one email's HTML rendered in Chromium at each target's geometry), their targets with their
 * progress, the screenshots, the PNG bytes (once per sha256, shared by screenshots), share
 * links (only a hash of the token is kept) and feedback. Everything goes with the user; a
 * run's targets, screenshots and links go with the run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_preview_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('local_part', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('targets', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_profiles_tenant_local').on('device_preview_profiles').columns(['tenant_id', 'local_part']).unique().execute();

  await db.schema
    .createTable('device_preview_blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', binary(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_preview_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_id', 'text')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_format', 'text', (c) => c.notNull())
    .addColumn('source_sha256', 'text', (c) => c.notNull())
    .addColumn('source_json', 'text', (c) => c.notNull())
    .addColumn('requested_targets', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('warnings', 'text', (c) => c.notNull())
    .addColumn('latest_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_runs_tenant').on('device_preview_runs').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('device_preview_runs_email').on('device_preview_runs').columns(['email_id', 'created_at']).execute();

  await db.schema
    .createTable('device_preview_targets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull().references('device_preview_runs.id').onDelete('cascade'))
    .addColumn('target_key', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_targets_run').on('device_preview_targets').columns(['run_id', 'display_order']).execute();

  await db.schema
    .createTable('device_preview_screenshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull().references('device_preview_runs.id').onDelete('cascade'))
    .addColumn('target_id', 'text', (c) => c.notNull().references('device_preview_targets.id').onDelete('cascade'))
    .addColumn('blob_sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_screenshots_run').on('device_preview_screenshots').columns(['run_id', 'display_order']).execute();
  await db.schema.createIndex('device_preview_screenshots_blob').on('device_preview_screenshots').columns(['blob_sha256']).execute();

  await db.schema
    .createTable('device_preview_share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull().references('device_preview_runs.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_accessed_at', 'bigint')
    .addColumn('access_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_share_links_run').on('device_preview_share_links').columns(['run_id']).execute();

  await db.schema
    .createTable('device_preview_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('run_id', 'text')
    .addColumn('target_id', 'text')
    .addColumn('screenshot_id', 'text')
    .addColumn('provider', 'text')
    .addColumn('title', 'text')
    .addColumn('comment', 'text')
    .addColumn('internal_note', 'text')
    .addColumn('session_id', 'text')
    .addColumn('live_view_url', 'text')
    .addColumn('metadata', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_preview_feedback_tenant').on('device_preview_feedback').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['device_preview_feedback', 'device_preview_share_links', 'device_preview_screenshots', 'device_preview_targets',
    'device_preview_runs', 'device_preview_blobs', 'device_preview_profiles']) {
    await db.schema.dropTable(table).execute();
  }
}
