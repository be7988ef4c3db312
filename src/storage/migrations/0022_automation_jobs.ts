import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Durable follow-up work of the automations (forwarders, repliers, alias proxying,
  // scheduled sends, bounces by rule): one row per job, leased like the send queue. Jobs a
  // received email sets off are written in the transaction that stores the email, so a
  // message is never stored without them nor they without it.
  await db.schema
    .createTable('automation_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // the automation (forwarder, replier, alias, ...) or record the job acts for
    .addColumn('subject_id', 'text')
    .addColumn('inbox_id', 'text')
    .addColumn('email_id', 'text')
    .addColumn('payload_json', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('result_json', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automation_jobs_due').on('automation_jobs').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('automation_jobs_tenant_kind').on('automation_jobs').columns(['tenant_id', 'kind', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('automation_jobs').execute();
}
