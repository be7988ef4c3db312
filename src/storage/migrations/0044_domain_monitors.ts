import type { Kysely } from 'kysely';

/**
 * Domain monitors (issue 18 item 8): a monitor of a domain's mail authentication stack, its runs
 * (each with the per-check results as JSON), alert sinks told when a check changes between runs,
 * and the authentication verdicts observed on mail received from the domain. A monitor's runs,
 * sinks and samples go with it; everything goes with the user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('domain_monitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('scheduling_enabled', 'integer', (c) => c.notNull())
    .addColumn('dkim_selectors', 'text', (c) => c.notNull())
    .addColumn('last_status', 'text')
    .addColumn('health_score', 'integer')
    .addColumn('last_run_at', 'bigint')
    .addColumn('next_run_at', 'bigint')
    .addColumn('verification_inbox_id', 'text')
    .addColumn('verification_address', 'text')
    .addColumn('verification_created_at', 'bigint')
    .addColumn('verification_updated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_monitors_tenant_domain').on('domain_monitors').columns(['tenant_id', 'domain']).execute();
  await db.schema.createIndex('domain_monitors_next_run').on('domain_monitors').columns(['next_run_at']).execute();
  await db.schema.createIndex('domain_monitors_verification_inbox').on('domain_monitors').columns(['verification_inbox_id']).execute();

  await db.schema
    .createTable('domain_monitor_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('domain_monitors.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trigger_source', 'text', (c) => c.notNull())
    .addColumn('health_score', 'integer', (c) => c.notNull())
    .addColumn('total_checks', 'integer', (c) => c.notNull())
    .addColumn('passing_checks', 'integer', (c) => c.notNull())
    .addColumn('failing_checks', 'integer', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_monitor_runs_monitor').on('domain_monitor_runs').columns(['monitor_id', 'created_at']).execute();

  await db.schema
    .createTable('domain_monitor_alert_sinks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('domain_monitors.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('severity_threshold', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sender_inbox_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_monitor_alert_sinks_monitor').on('domain_monitor_alert_sinks').columns(['monitor_id']).execute();

  await db.schema
    .createTable('domain_monitor_samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('domain_monitors.id').onDelete('cascade'))
    .addColumn('recipient_address', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text')
    .addColumn('sample_json', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_monitor_samples_monitor').on('domain_monitor_samples').columns(['monitor_id', 'received_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domain_monitor_samples').ifExists().execute();
  await db.schema.dropTable('domain_monitor_alert_sinks').ifExists().execute();
  await db.schema.dropTable('domain_monitor_runs').ifExists().execute();
  await db.schema.dropTable('domain_monitors').ifExists().execute();
}
