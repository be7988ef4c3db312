import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Virtual TOTP devices (MFAController): per user; the secret is kept base32 as users give it.
  await db.schema
    .createTable('totp_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('username', 'text')
    .addColumn('issuer', 'text')
    .addColumn('secret_base32', 'text', (c) => c.notNull())
    .addColumn('digits', 'integer', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    // a simulated drift of the device's clock, so a test can check the app's tolerance window
    .addColumn('clock_offset_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('totp_devices_tenant_created').on('totp_devices').columns(['tenant_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_devices').ifExists().execute();
}
