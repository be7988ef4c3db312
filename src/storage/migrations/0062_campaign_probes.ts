import type { Kysely } from 'kysely';

/**
 * Campaign probes (CampaignProbeController): a probe owns an inbox; each message received there,
 * each scheduled re-check and each run asked for through the API is a run with its counts and
 * findings as JSON. A probe's runs go with it; everything goes with the user. A run of a
 * received email is unique per probe, so two nodes reading the same new mail store it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign_probes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('interval_seconds', 'integer')
    .addColumn('scheduling_enabled', 'integer', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('last_run_status', 'text')
    .addColumn('last_health_score', 'integer')
    .addColumn('inbound_since', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_probes_tenant').on('campaign_probes').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('campaign_probes_next_run').on('campaign_probes').columns(['next_run_at']).execute();

  await db.schema
    .createTable('campaign_probe_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('probe_id', 'text', (c) => c.notNull().references('campaign_probes.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('health_score', 'integer', (c) => c.notNull())
    .addColumn('inbound_email_id', 'text')
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_probe_runs_probe').on('campaign_probe_runs').columns(['probe_id', 'created_at']).execute();
  await db.schema.createIndex('campaign_probe_runs_email').on('campaign_probe_runs').columns(['probe_id', 'inbound_email_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_probe_runs').execute();
  await db.schema.dropTable('campaign_probes').execute();
}
