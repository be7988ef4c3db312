import type { Kysely } from 'kysely';

/**
 * Deliverability tests (DeliverabilityTestController): a test's selector, expectations, watched
 * entities and last evaluation; simulation jobs (a send plan against the test's entities, run
 * batch by batch as automation jobs) and their events. Each row's state is one JSON column: it is
 * small and always read whole. A test's jobs and events go with it; everything goes with the user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deliverability_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('test_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deliverability_tests_tenant').on('deliverability_tests').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('deliverability_simulation_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (c) => c.notNull().references('deliverability_tests.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('job_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deliverability_simulation_jobs_test').on('deliverability_simulation_jobs').columns(['test_id', 'created_at']).execute();

  await db.schema
    .createTable('deliverability_simulation_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('deliverability_simulation_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('event_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deliverability_simulation_events_job').on('deliverability_simulation_events').columns(['job_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deliverability_simulation_events').execute();
  await db.schema.dropTable('deliverability_simulation_jobs').execute();
  await db.schema.dropTable('deliverability_tests').execute();
}
