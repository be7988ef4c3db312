import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Releases of the simulated carrier's numbers (deletePhoneNumber, deleteAllPhoneNumber): which
  // number, whose, when. phone_id is the released number's id, not a key: that row is gone.
  await db.schema
    .createTable('phone_number_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('phone_country', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_number_releases_tenant_created').on('phone_number_releases').columns(['tenant_id', 'created_at', 'id']).execute();

  // Provisioning jobs (createPhoneProvisioningJob) and one item per number asked for.
  await db.schema
    .createTable('phone_provisioning_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_country', 'text', (c) => c.notNull())
    .addColumn('phone_variant', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('phone_provisioning_job_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('phone_provisioning_jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('provider_label', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    // the number it became; not a key: the number may be released later, the record stays
    .addColumn('phone_id', 'text')
    .addColumn('failure_message', 'text')
    .execute();
  await db.schema.createIndex('phone_provisioning_job_items_job').on('phone_provisioning_job_items').columns(['job_id', 'position']).execute();

  // The account's SMS consent flag (setConsentStatus): one row per account once set.
  await db.schema
    .createTable('phone_consents')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('consented', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Emergency addresses (createEmergencyAddress), per account.
  await db.schema
    .createTable('emergency_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('phone_country', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('emergency_addresses_tenant_created').on('emergency_addresses').columns(['tenant_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['emergency_addresses', 'phone_consents', 'phone_provisioning_job_items', 'phone_provisioning_jobs', 'phone_number_releases']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
